/**
 * Latin words a Persian text may hold: currencies and networks as the chains and exchanges spell them,
 * explorers' brand names, the IBAN country prefix, the platform name, and the two status badges the spec
 * keeps in Latin letters (MF, CF). Anything else Latin inside Persian text is an untranslated word. The
 * wording test checks the locale files with it, the end-to-end Persian tour what the screens show.
 */
export const PERSIAN_LATIN_ALLOWED: ReadonlySet<string> = new Set([
  'USDT',
  'TRX',
  'TRON',
  'TRC20',
  'BEP20',
  'ERC20',
  'BSC',
  'BNB Smart Chain',
  'Tronscan',
  'BscScan',
  'IR',
  'iOS',
  'MF',
  'CF',
])

/** The Latin words of `text` outside the allow-list (multi-word names count as one allowed term). */
export function unexpectedLatinWords(
  text: string,
  allowed: ReadonlySet<string> = PERSIAN_LATIN_ALLOWED,
): string[] {
  let rest = text
  for (const term of allowed) if (term.includes(' ')) rest = rest.split(term).join(' ')
  return (rest.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []).filter((word) => !allowed.has(word))
}
