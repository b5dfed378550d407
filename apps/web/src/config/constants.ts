/** Platforms the Mini App accepts (spec section 1: mobile only). */
export const SUPPORTED_PLATFORMS: readonly string[] = ['android', 'ios']

/** Query freshness (spec section 9). */
export const DEFAULT_STALE_TIME_MS = 60_000
export const DASHBOARD_STALE_TIME_MS = 5

/**
 * Translation loader (spec section 9): retries 5 times from 350 ms doubling. The spec's cap of 10 parallel reads
 * needs no code: the mini-app has fewer namespaces than that.
 */
export const LOCALE_MAX_RETRIES = 5
export const LOCALE_RETRY_TIMEOUT_MS = 350

/** Where the provider's channel lives; opened with openTelegramLink. */
export const TELEGRAM_LINK_BASE = 'https://t.me/'

/**
 * While an invoice or payout waits on an operator (pending, broadcasting, in review), its open screen asks again
 * this often, so the user sees the change without leaving the screen; a settled one is not asked again.
 */
export const OPERATOR_WAIT_REFETCH_MS = 5_000

/** How long the in-app toast stays up. */
export const TOAST_DURATION_MS = 2_500

/** Countdown timers tick once a second (spec section 9). */
export const COUNTDOWN_TICK_MS = 1_000

/** Accounts list (spec section 9): page size, search debounce and length (fewer than 15 characters). */
export const ACCOUNTS_PAGE_SIZE = 24
export const SEARCH_DEBOUNCE_MS = 500
export const SEARCH_MAX_LENGTH = 14

/** Press and hold this long on the account header to copy the phone number. */
export const LONG_PRESS_MS = 300
