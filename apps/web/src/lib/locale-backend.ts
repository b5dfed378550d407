/**
 * Where translations come from: GET /locales/{lng}/{ns}.json, a flat key -> string map (spec section 1).
 * A failed read is retried when asking again may help (5xx and network failures, with a doubling wait), never
 * for a 4xx (spec section 8); a read that gives up leaves the keys to the fallback language or the key itself.
 */
import { firstScreenRoutes, urlOf } from '@app/contract'
import { LOCALE_MAX_RETRIES, LOCALE_RETRY_TIMEOUT_MS } from '#config/constants.ts'
import { noteAnswer, noteNetworkFailure } from './network-status.ts'

export type Translations = Record<string, string>

/** The file's path as the contract declares the call (`/locales/{lng}/{ns}.json`). */
export function localePath(language: string, namespace: string): string {
  return urlOf(firstScreenRoutes.locale, { params: { lng: language, ns: `${namespace}.json` } })
}

/** A read that failed; `retryable` says whether asking again may help. */
export class LocaleReadError extends Error {
  readonly retryable: boolean
  constructor(message: string, retryable: boolean) {
    super(message)
    this.retryable = retryable
  }
}

function isTranslations(value: unknown): value is Translations {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((text) => typeof text === 'string')
  )
}

/** One read. Same-origin paths are content-negotiated by the server, so it asks for JSON explicitly. */
export async function readLocale(language: string, namespace: string): Promise<Translations> {
  const path = localePath(language, namespace)
  let response: Response
  try {
    response = await fetch(path, { headers: { Accept: 'application/json' } })
  } catch (error) {
    noteNetworkFailure()
    throw new LocaleReadError(`GET ${path}: ${error instanceof Error ? error.message : String(error)}`, true)
  }
  noteAnswer(response)
  if (!response.ok) throw new LocaleReadError(`GET ${path}: ${response.status}`, response.status >= 500)
  const body: unknown = await response.json().catch(() => null)
  if (!isTranslations(body)) throw new LocaleReadError(`GET ${path}: not a translation map`, false)
  return body
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Reads with retries (up to `maxRetries` more times, waiting `retryTimeout` ms and doubling); resolves null
 * when it gives up, so that a missing file never breaks the screen.
 */
export async function loadLocale(
  language: string,
  namespace: string,
  { maxRetries = LOCALE_MAX_RETRIES, retryTimeout = LOCALE_RETRY_TIMEOUT_MS } = {},
): Promise<Translations | null> {
  let delay = retryTimeout
  for (let attempt = 0; ; attempt++) {
    try {
      return await readLocale(language, namespace)
    } catch (error) {
      const retryable = error instanceof LocaleReadError && error.retryable
      if (!retryable || attempt >= maxRetries) {
        if (import.meta.env.DEV) console.warn('[i18n]', error)
        return null
      }
      await wait(delay)
      delay *= 2
    }
  }
}
