/** Platforms the Mini App accepts (spec section 1: mobile only). */
export const SUPPORTED_PLATFORMS: readonly string[] = ['android', 'ios']

/** Query freshness (spec section 9). */
export const DEFAULT_STALE_TIME_MS = 60_000
export const DASHBOARD_STALE_TIME_MS = 5

/** Translation loader (spec section 9): retries 5 times from 350 ms doubling, at most 10 parallel reads. */
export const LOCALE_LOAD_PATH = '/locales/{{lng}}/{{ns}}.json'
export const LOCALE_MAX_RETRIES = 5
export const LOCALE_RETRY_TIMEOUT_MS = 350
export const LOCALE_MAX_PARALLEL_READS = 10

/** Where the provider's channel lives; opened with openTelegramLink. */
export const TELEGRAM_LINK_BASE = 'https://t.me/'

/** How long the in-app toast stays up. */
export const TOAST_DURATION_MS = 2_500
