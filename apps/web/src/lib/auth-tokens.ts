import type { TokenPair } from '@app/contract'

/**
 * The token pair lives in localStorage (spec section 9), stamped with the Telegram user it was issued
 * to: the simulator switches users inside one browser, and one user's tokens must never serve another.
 */
const STORAGE_KEY = 'app.auth'

type StoredTokens = TokenPair & { telegramUserId: number }

let currentTelegramUserId: number | null = null
const listeners = new Set<() => void>()

function emit(): void {
  for (const listener of listeners) listener()
}

function read(): StoredTokens | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY)
    if (!raw) return null
    const value = JSON.parse(raw) as Partial<StoredTokens>
    if (
      typeof value.accessToken !== 'string' ||
      typeof value.refreshToken !== 'string' ||
      typeof value.telegramUserId !== 'number'
    ) {
      return null
    }
    return {
      accessToken: value.accessToken,
      refreshToken: value.refreshToken,
      telegramUserId: value.telegramUserId,
    }
  } catch {
    return null
  }
}

/** Called once at start with the user from the launch parameters; discards another user's tokens. */
export function bindTokensToTelegramUser(telegramUserId: number | null): void {
  currentTelegramUserId = telegramUserId
  const stored = read()
  if (stored && stored.telegramUserId !== telegramUserId) clearTokens()
}

export function getTokens(): TokenPair | null {
  const stored = read()
  if (!stored || stored.telegramUserId !== currentTelegramUserId) return null
  return { accessToken: stored.accessToken, refreshToken: stored.refreshToken }
}

export function setTokens(pair: TokenPair): void {
  if (currentTelegramUserId === null) return
  const stored: StoredTokens = { ...pair, telegramUserId: currentTelegramUserId }
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(stored))
  } catch {
    // Storage refused: the session still works until reload.
  }
  emit()
}

export function clearTokens(): void {
  try {
    localStorage.removeItem(STORAGE_KEY)
  } catch {
    // Nothing stored, nothing to clear.
  }
  emit()
}

export function hasTokens(): boolean {
  return getTokens() !== null
}

export function subscribeTokens(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
