import * as z from 'zod/mini'
import { LANGUAGES, NAMESPACES } from './languages.ts'

export const LanguageSchema = z.enum(LANGUAGES)
export const NamespaceSchema = z.enum(NAMESPACES)
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
