import { describe, expect, it } from 'vitest'
import { testResources } from '#test-helpers/locales.ts'

describe('locale files', () => {
  it('Persian has every key English has, in every namespace', () => {
    const english = testResources.en ?? {}
    for (const [namespace, translations] of Object.entries(english)) {
      const persian = (testResources.fa?.[namespace] ?? {}) as Record<string, string>
      const missing = Object.keys(translations as Record<string, string>).filter((key) => !persian[key])
      expect(missing, `fa/${namespace}.json`).toEqual([])
    }
  })

  it('English has every key Persian has (no Persian-only leftovers)', () => {
    for (const [namespace, translations] of Object.entries(testResources.fa ?? {})) {
      const english = (testResources.en?.[namespace] ?? {}) as Record<string, string>
      const extra = Object.keys(translations as Record<string, string>).filter((key) => !(key in english))
      expect(extra, `en/${namespace}.json`).toEqual([])
    }
  })

  it('no Persian text is an untranslated copy of the English one', () => {
    // Words that stay Latin in Persian: units, networks, and the spec's check labels 'MF' and 'CF'.
    const LATIN_ALLOWED = /\b(USDT|TRX|TRC20|BEP20|MF|CF|IR)\b|T…|0x…|\{\{\w+\}\}/g
    const untranslated: string[] = []
    for (const [namespace, translations] of Object.entries(testResources.fa ?? {})) {
      const english = (testResources.en?.[namespace] ?? {}) as Record<string, string>
      for (const [key, persian] of Object.entries(translations as Record<string, string>)) {
        if (persian !== english[key]) continue
        const rest = persian.replace(LATIN_ALLOWED, '')
        if (/[A-Za-z]/.test(rest) && !/[\u0600-\u06FF]/.test(rest)) untranslated.push(`${namespace}: ${key}`)
      }
    }
    expect(untranslated).toEqual([])
  })

  it('covers every namespace the contract declares', async () => {
    const { NAMESPACES } = await import('@app/contract')
    for (const language of ['en', 'fa']) {
      expect(Object.keys(testResources[language] ?? {}).sort()).toEqual([...NAMESPACES].sort())
    }
  })
})
