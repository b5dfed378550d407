import type { TokenPair } from '@app/contract'

/**
 * The token pair lives in localStorage (spec section 9), stamped with the Telegram user it was issued
 * to: the simulator switches users inside one browser, and one user's tokens must never serve another.
 * A plain browser (no Telegram launch, email sign-in) keeps its pair under a key of its own, so a browser tab
 * and the simulator's Telegram frame on the same origin never discard each other's session.
 */
const STORAGE_KEY = 'app.auth'
const BROWSER_STORAGE_KEY = 'app.auth.browser'

/** The browser session's owner mark in storage. */
const BROWSER = 'browser'
type Owner = number | typeof BROWSER

type StoredTokens = TokenPair & { telegramUserId: Owner }

let currentTelegramUserId: Owner | null = null

/**
 * This page signed in, and no call has accepted that session yet. The app signs in again by itself only after a
 * session that worked: a server that refuses every session (a blocked user, a broken deployment) gets one sign-in
 * after its 401 and its refused refresh, never a loop of them (spec section 7: one retry after a 401).
 */
let signInUnproven = false

const storageKey = (): string => (currentTelegramUserId === BROWSER ? BROWSER_STORAGE_KEY : STORAGE_KEY)
const listeners = new Set<() => void>()

function emit(): void {
  for (const listener of listeners) listener()
}

function read(): StoredTokens | null {
  try {
    const raw = localStorage.getItem(storageKey())
    if (!raw) return null
    const value = JSON.parse(raw) as Partial<StoredTokens>
    if (
      typeof value.accessToken !== 'string' ||
      typeof value.refreshToken !== 'string' ||
      (typeof value.telegramUserId !== 'number' && value.telegramUserId !== BROWSER)
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
  signInUnproven = false
  const stored = read()
  if (stored && stored.telegramUserId !== telegramUserId) clearTokens()
}

/** Called once at start outside Telegram: the tokens are the browser's email session (POST /auth/login). */
export function bindTokensToBrowser(): void {
  currentTelegramUserId = BROWSER
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
    localStorage.setItem(storageKey(), JSON.stringify(stored))
  } catch {
    // Storage refused: the session still works until reload.
  }
  emit()
}

export function clearTokens(): void {
  try {
    localStorage.removeItem(storageKey())
  } catch {
    // Nothing stored, nothing to clear.
  }
  emit()
}

/** A sign-in just stored its pair: until a call accepts it, losing it does not start another sign-in. */
export function noteSignedIn(): void {
  signInUnproven = true
}

/** A call sent with the session's token got an answer other than 401: the session worked. */
export function noteSessionAccepted(): void {
  signInUnproven = false
}

/** Whether the app may sign in without being asked: never signed in on this page, or that session worked. */
export function maySignInUnasked(): boolean {
  return !signInUnproven
}

export function hasTokens(): boolean {
  return getTokens() !== null
}

export function subscribeTokens(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
