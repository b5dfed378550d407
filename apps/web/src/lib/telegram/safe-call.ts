/**
 * Telegram clients differ in what they support and the SDK throws when a method is unavailable.
 * Every bridge call goes through here so an old client or a plain browser never crashes the app.
 */
export function safeCall<T>(label: string, fn: () => T): T | undefined {
  try {
    return fn()
  } catch (error) {
    if (import.meta.env.DEV) console.warn(`[telegram] ${label} unavailable`, error)
    return undefined
  }
}
