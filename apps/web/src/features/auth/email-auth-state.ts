/**
 * What the email sign-in screens hand each other in navigation state (spec section 2: the verification screen
 * gets the email; the reset confirmation the email and the new password). History state survives a reload of
 * that entry; anything else (a link, a bookmark) arrives without it.
 */

/** Seconds between two code requests the screens wait before offering another (the server refuses more). */
export const RESEND_INTERVAL_SECONDS = 60

export type EmailState = {
  email: string
  /** When (epoch ms) the resend link may be used again: right after a code was sent, a minute later. */
  resendAfter?: number
  /**
   * The verification screen's: the password the registration was made with, without a session (the code proves
   * the registration of whoever set it; docs/email-auth.md). The screen's success replaces the entry.
   */
  password?: string
}

export type PasswordResetState = EmailState & { newPassword: string }

function record(state: unknown): Record<string, unknown> | null {
  return state && typeof state === 'object' ? (state as Record<string, unknown>) : null
}

export function readEmailState(state: unknown): EmailState | null {
  const value = record(state)
  if (!value || typeof value.email !== 'string' || !value.email) return null
  return {
    email: value.email,
    ...(typeof value.resendAfter === 'number' ? { resendAfter: value.resendAfter } : {}),
    ...(typeof value.password === 'string' && value.password ? { password: value.password } : {}),
  }
}

export function readPasswordResetState(state: unknown): PasswordResetState | null {
  const email = readEmailState(state)
  const newPassword = record(state)?.newPassword
  return email && typeof newPassword === 'string' && newPassword ? { ...email, newPassword } : null
}

/** A code was just sent: the resend link waits `seconds` from now. */
export function resendAfter(seconds: number = RESEND_INTERVAL_SECONDS, now = Date.now()): number {
  return now + seconds * 1000
}

/** Whole seconds left before the resend link may be used. */
export function secondsUntil(resendAfterMs: number | undefined, now = Date.now()): number {
  return resendAfterMs ? Math.max(0, Math.ceil((resendAfterMs - now) / 1000)) : 0
}

/** An email inside a right-to-left sentence or a popup: a left-to-right isolate. */
export function isolateEmail(email: string): string {
  return `\u2066${email}\u2069`
}
