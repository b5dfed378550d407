/**
 * Translations: one instance per app, holding the locale files it loaded and the `t` that reads them.
 *
 * It does what the app used of i18next, in a small fraction of its size (the first screen's budget, docs/web.md):
 * flat files (`keySeparator: false`), namespaces loaded on demand, the fallback language (English) loaded
 * beside the user's and searched after it, `{{name}}` interpolation (values are not escaped: React escapes),
 * plurals by `count` with the CLDR suffixes (`_one`, `_other`...) of each language, `defaultValue`, and the
 * key itself when nothing matches. Lookup order is i18next's: for each namespace asked, the user's language
 * then the fallback, the plural key then the plain one.
 */
import { FALLBACK_LANGUAGE, type Language, type Namespace, RTL_LANGUAGES } from '@app/contract'
import { loadLocale, type Translations } from './locale-backend.ts'
import { createMissingKeysReporter } from './missing-keys-reporter.ts'

/** What the first screen needs; every other namespace loads with its route. */
const START_NAMESPACES = ['common', 'dashboard'] as const satisfies readonly Namespace[]

const DEFAULT_NAMESPACE: Namespace = 'common'

/** Missing keys go to the dev server in development builds; production builds drop this (and the reporter). */
const REPORT_MISSING = import.meta.env.DEV && import.meta.env.MODE !== 'test'
const reportMissing = REPORT_MISSING ? createMissingKeysReporter() : () => undefined

/** Locale files by language, then namespace (tests bundle them all). */
export type Resource = Record<string, Record<string, Translations>>

export type TOptions = {
  ns?: Namespace | readonly Namespace[]
  count?: number
  defaultValue?: string
  [variable: string]: unknown
}

export type TFunction = (key: string, options?: TOptions) => string

export type I18n = {
  /** The user's language; English is also loaded as the fallback. */
  readonly language: Language
  /** `t` over the given namespaces, in the given language (null: the user's, then the fallback). */
  getFixedT: (language: string | null, namespaces?: Namespace | readonly Namespace[]) => TFunction
  /** Loads these namespaces in the user's language and the fallback; settles when each loaded or gave up. */
  loadNamespaces: (namespaces: Namespace | readonly Namespace[]) => Promise<void>
  /** null when these namespaces are ready, else the (stable) promise of their loading, for Suspense. */
  pending: (namespaces: readonly Namespace[]) => Promise<void> | null
}

export { languageFromTelegram } from '@app/contract'

export function isRtl(language: string): boolean {
  return RTL_LANGUAGES.includes(language)
}

/** <html lang dir> follow the language, so the browser lays Persian out right to left. */
function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr'
}

const asList = <T>(value: T | readonly T[]): readonly T[] => (Array.isArray(value) ? value : [value as T])

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options) return text
  return text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (match, name: string) => {
    const value = options[name]
    // A value the caller did not pass stays visible, as i18next leaves it.
    return value === undefined || value === null ? match : String(value)
  })
}

const pluralRules = new Map<string, Intl.PluralRules>()
function pluralSuffix(language: string, count: number): string {
  let rules = pluralRules.get(language)
  if (!rules) {
    rules = new Intl.PluralRules(language)
    pluralRules.set(language, rules)
  }
  return `_${rules.select(count)}`
}

/**
 * `resources` (tests) makes every namespace present at once; otherwise namespaces are read from
 * /locales with `loadLocale`, START_NAMESPACES right away.
 */
export function createI18n(language: Language, resources?: Resource): I18n {
  const languages = language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE]
  const files = new Map<string, Translations>()
  /** Settled reads (loaded or given up), by `${language}/${namespace}`. */
  const settled = new Set<string>()
  const reads = new Map<string, Promise<void>>()
  const waits = new Map<string, Promise<void>>()

  for (const [lng, namespaces] of Object.entries(resources ?? {})) {
    for (const [ns, translations] of Object.entries(namespaces)) files.set(`${lng}/${ns}`, translations)
  }

  const read = (lng: string, ns: Namespace): Promise<void> => {
    const key = `${lng}/${ns}`
    let pending = reads.get(key)
    if (!pending) {
      pending = (resources ? Promise.resolve(null) : loadLocale(lng, ns)).then((translations) => {
        if (translations) files.set(key, translations)
        settled.add(key)
      })
      reads.set(key, pending)
    }
    return pending
  }

  const isReady = (namespaces: readonly Namespace[]) =>
    resources !== undefined || languages.every((lng) => namespaces.every((ns) => settled.has(`${lng}/${ns}`)))

  const loadNamespaces = async (namespaces: Namespace | readonly Namespace[]) => {
    await Promise.all(languages.flatMap((lng) => asList(namespaces).map((ns) => read(lng, ns))))
  }

  const getFixedT = (
    lng: string | null,
    fixedNamespaces: Namespace | readonly Namespace[] = DEFAULT_NAMESPACE,
  ): TFunction => {
    const searched = lng ? [lng] : languages
    return (key, options) => {
      const namespaces = asList(options?.ns ?? fixedNamespaces)
      const count = options?.count
      for (const ns of namespaces) {
        for (const code of searched) {
          const translations = files.get(`${code}/${ns}`)
          if (!translations) continue
          const candidates = typeof count === 'number' ? [key + pluralSuffix(code, count), key] : [key]
          for (const candidate of candidates) {
            const text = translations[candidate]
            if (text === undefined) continue
            const shown = interpolate(text, options)
            // A fallback-language text: the user's language lacks the key (development builds only).
            if (REPORT_MISSING && code !== searched[0])
              reportMissing(searched[0] ?? code, ns, candidate, shown)
            return shown
          }
        }
      }
      const shown = options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : key
      if (REPORT_MISSING)
        for (const code of searched) reportMissing(code, namespaces[0] ?? DEFAULT_NAMESPACE, key, shown)
      return shown
    }
  }

  applyDocumentLanguage(language)
  void loadNamespaces(START_NAMESPACES)

  return {
    language,
    getFixedT,
    loadNamespaces,
    pending(namespaces) {
      if (isReady(namespaces)) return null
      const key = [...namespaces].sort().join()
      let waiting = waits.get(key)
      if (!waiting) {
        waiting = loadNamespaces(namespaces)
        waits.set(key, waiting)
      }
      return waiting
    },
  }
}
