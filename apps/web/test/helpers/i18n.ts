import { createI18n, type I18n } from '#lib/i18n.ts'
import { testResources } from './locales.ts'

/** The app's i18n on the real locale files, ready at once, for components rendered without the app. */
export function createTestI18n(language: 'en' | 'fa' = 'en'): I18n {
  return createI18n(language, testResources)
}
