/**
 * The languages and the mini-app's namespaces, without schemas: the mini-app's first screen imports these
 * (docs/web.md, 'First screen'), so no zod here.
 */
export const LANGUAGES = ['en', 'fa'] as const
export const FALLBACK_LANGUAGE = 'en'
/** Right-to-left languages: the mini-app flips direction for these. */
export const RTL_LANGUAGES: readonly string[] = ['fa']
/** One namespace per feature; `common` and `dashboard` are what the first screen needs. */
export const NAMESPACES = [
  'common',
  'dashboard',
  'accounts',
  'invoices',
  'payments',
  'referrals',
  'news',
  'auth',
  'support',
  /** The emails' words (verification and reset codes); the server renders them, the mini-app never loads them. */
  'email',
  /** The bot's words (/start, help, notifications); the server renders them, the mini-app never loads them. */
  'bot',
] as const

export type Language = (typeof LANGUAGES)[number]
export type Namespace = (typeof NAMESPACES)[number]

/** Persian for a Persian Telegram language code (fa, fa-IR, FA), English for everyone else: the product's one rule. */
export function languageFromTelegram(languageCode: string | null | undefined): Language {
  return languageCode?.toLowerCase().startsWith('fa') ? 'fa' : 'en'
}
