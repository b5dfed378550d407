/**
 * The i18next backend: GET /locales/{lng}/{ns}.json as JSON. i18next itself retries a failed read
 * (maxRetries, retryTimeout doubling, maxParallelReads); this only says which failures are worth a retry:
 * 5xx and network errors (no status) are, 4xx are not (spec section 8). A dozen lines instead of
 * i18next-http-backend, whose XHR fallbacks and options the first screen paid for without using.
 */
import type { BackendModule } from 'i18next'
import { LOCALE_LOAD_PATH } from '../config/constants.ts'

export function localePath(language: string, namespace: string): string {
  return LOCALE_LOAD_PATH.replace('{{lng}}', encodeURIComponent(language)).replace(
    '{{ns}}',
    encodeURIComponent(namespace),
  )
}

export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const path = localePath(language, namespace)
    // Same-origin paths are content-negotiated by the server; ask for JSON explicitly.
    fetch(path, { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) {
          callback(new Error(`GET ${path}: ${response.status}`), response.status >= 500)
          return
        }
        callback(null, (await response.json()) as Record<string, string>)
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true))
  },
}
