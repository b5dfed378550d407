import { describe, expect, it } from 'vitest'
import { testResources } from '#test-helpers/locales.ts'
import { unexpectedLatinWords } from '#test-helpers/persian-latin.ts'

type Flat = Record<string, string>

/** Every namespace of one language as one key -> text map (keys are unique across namespaces). */
function flatten(language: 'en' | 'fa'): Flat {
  return Object.assign({}, ...Object.values(testResources[language] ?? {})) as Flat
}

/**
 * Error texts are walked, row by row, by the error-table test, which owns their wording; the one-word check
 * leaves them out (the no-English-word and digit checks still cover them).
 */
const isErrorText = (key: string) => key.startsWith('error.') || key.includes('.error.')

/** Placeholders showing how an address starts ('T…', '0x…') are examples of input, not words. */
const INPUT_EXAMPLES = new Set(['payments.trx.placeholder', 'payments.usdt.placeholder'])

/**
 * One Persian word per thing, across sentences that are not translations of the same English text: the
 * synonyms a translator reaches for, and the word every screen uses instead. (Seen: an invoice was 'فاکتور'
 * on every screen but 'صورتحساب' on method selection and in the payout dialogs.)
 */
const GLOSSARY: { use: string; not: string[] }[] = [{ use: 'فاکتور', not: ['صورتحساب', 'صورت‌حساب'] }]

function latinWords(text: string): string[] {
  return unexpectedLatinWords(text.replace(/\{\{[^}]+\}\}/g, ' '))
}

describe('Persian wording', () => {
  const english = flatten('en')
  const persian = flatten('fa')

  it('says one thing in one way: the same English text has one Persian text in every namespace', () => {
    const persianByEnglish = new Map<string, Map<string, string[]>>()
    for (const [key, text] of Object.entries(english)) {
      const translated = persian[key]
      if (isErrorText(key) || translated === undefined) continue
      const variants = persianByEnglish.get(text) ?? new Map<string, string[]>()
      variants.set(translated, [...(variants.get(translated) ?? []), key])
      persianByEnglish.set(text, variants)
    }
    const inconsistent = [...persianByEnglish]
      .filter(([, variants]) => variants.size > 1)
      .map(([text, variants]) => ({ english: text, persian: Object.fromEntries(variants) }))
    expect(inconsistent).toEqual([])
  })

  it('puts no English word inside a Persian text, beyond units and brand names', () => {
    const found = Object.entries(persian)
      .filter(([key]) => !INPUT_EXAMPLES.has(key))
      .map(([key, text]) => ({ key, latin: latinWords(text) }))
      .filter(({ latin }) => latin.length > 0)
    expect(found).toEqual([])
  })

  it('uses one word for each thing (the glossary), whatever the sentence', () => {
    const synonyms = Object.entries(persian).flatMap(([key, text]) =>
      GLOSSARY.flatMap(({ use, not }) =>
        not
          .filter((word) => text.includes(word))
          .map((word) => `${key}: '${word}' where every screen says '${use}'`),
      ),
    )
    expect(synonyms).toEqual([])
  })

  it('writes every number with Latin digits (the digit rule in lib/format.ts)', () => {
    // The English files too: the toman form is Persian in both languages, so they hold Persian texts.
    const persianDigits = [...Object.entries(persian), ...Object.entries(english)].filter(([, text]) =>
      /[\u06F0-\u06F9\u0660-\u0669]/.test(text),
    )
    expect(persianDigits.map(([key, text]) => `${key}: ${text}`)).toEqual([])
  })
})
