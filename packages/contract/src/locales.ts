import * as z from 'zod/mini'

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
  /** The emails' words (verification and reset codes); the server renders them, the mini-app never loads them. */
  'email',
  /** The bot's words (/start, help, notifications); the server renders them, the mini-app never loads them. */
  'bot',
] as const

export const LanguageSchema = z.enum(LANGUAGES)
export type Language = z.infer<typeof LanguageSchema>

/** Persian for a Persian Telegram language code (fa, fa-IR, FA), English for everyone else: the product's one rule. */
export function languageFromTelegram(languageCode: string | null | undefined): Language {
  return languageCode?.toLowerCase().startsWith('fa') ? 'fa' : 'en'
}
export const NamespaceSchema = z.enum(NAMESPACES)
export type Namespace = z.infer<typeof NamespaceSchema>
export const LocaleParamsSchema = z.object({
  lng: LanguageSchema,
  ns: z.string().check(z.regex(/^[a-z-]+\.json$/)),
})
export const TranslationsSchema = z.record(z.string(), z.string())

/** POST /locales/add/{lng}/{ns} (development only): keys the mini-app looked up and did not find, with the text it showed. */
export const AddMissingKeysParamsSchema = z.object({ lng: LanguageSchema, ns: NamespaceSchema })
export const MAX_MISSING_KEYS_PER_REPORT = 100
export const AddMissingKeysBodySchema = z
  .record(z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,200}$/)), z.string().check(z.maxLength(2000)))
  .check(
    z.refine((keys) => Object.keys(keys).length <= MAX_MISSING_KEYS_PER_REPORT, {
      error: `at most ${MAX_MISSING_KEYS_PER_REPORT} keys per report`,
    }),
  )
export const AddMissingKeysResponseSchema = z.object({ recorded: z.int().check(z.nonnegative()) })
