import { FALLBACK_LANGUAGE, LANGUAGES, type Language, RTL_LANGUAGES } from '@app/contract'
import i18next, { type i18n as I18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import {
  LOCALE_MAX_PARALLEL_READS,
  LOCALE_MAX_RETRIES,
  LOCALE_RETRY_TIMEOUT_MS,
} from '../config/constants.ts'
import { localeBackend } from './locale-backend.ts'

/** What the first screen needs; every other namespace loads with its route. */
export const START_NAMESPACES = ['common', 'dashboard'] as const

/** Persian for Persian-speaking Telegram users, English for everyone else (the fallback). */
export function languageFromTelegram(languageCode: string | null | undefined): Language {
  return languageCode?.toLowerCase().startsWith('fa') ? 'fa' : 'en'
}

export function isRtl(language: string): boolean {
  return RTL_LANGUAGES.includes(language)
}

/** <html lang dir> follow the language, so the browser lays Persian out right to left. */
export function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr'
}

/**
 * One i18next instance per app. Locale files are flat key -> string maps, hence keySeparator false.
 * `resources` (tests) replaces the HTTP backend with bundled translations.
 */
export function createI18n(language: Language, resources?: Resource): I18n {
  const instance = i18next.createInstance()
  if (!resources) instance.use(localeBackend)
  instance.use(initReactI18next)
  instance.on('languageChanged', applyDocumentLanguage)
  applyDocumentLanguage(language)
  void instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: [...START_NAMESPACES],
    defaultNS: 'common',
    keySeparator: false,
    interpolation: { escapeValue: false },
    // i18next retries reads the backend marks retryable: 5xx and no status, never 4xx.
    maxRetries: LOCALE_MAX_RETRIES,
    retryTimeout: LOCALE_RETRY_TIMEOUT_MS,
    maxParallelReads: LOCALE_MAX_PARALLEL_READS,
    ...(resources ? { resources, initAsync: false } : {}),
    react: { useSuspense: true },
  })
  return instance
}
