import type { AuthSession, SentCodeInfo, SubmitType } from '@app/contract'

/**
 * The steps of one submission share this, in memory only (never storage): a reload starts over.
 * The 2FA password is never kept here: it lives in its form until it is sent.
 */
export type LoginFlow = {
  submitType: SubmitType
  phone: string
  /** The lists' format of `phone`, which the code screen shows. */
  formattedPhone: string
  sentCodeInfo: SentCodeInfo | null
  email: string | null
  emailCodeLength: number | null
}

let loginFlow: LoginFlow | null = null
let signupSession: AuthSession | null = null
/** The login email the sign-up session's email code went to (the session's answers do not carry it). */
let signupEmail: string | null = null

export function getLoginFlow(): LoginFlow | null {
  return loginFlow
}

export function setLoginFlow(next: LoginFlow | null): void {
  loginFlow = next
}

export function updateLoginFlow(patch: Partial<LoginFlow>): void {
  if (loginFlow) loginFlow = { ...loginFlow, ...patch }
}

export function getSignupSession(): AuthSession | null {
  return signupSession
}

/** A new session (another sessionId, or none) forgets the previous session's login email. */
export function setSignupSession(session: AuthSession | null): void {
  if (session?.sessionId !== signupSession?.sessionId) signupEmail = null
  signupSession = session
}

export function getSignupEmail(): string | null {
  return signupEmail
}

export function setSignupEmail(email: string): void {
  signupEmail = email
}

/** Tests start every flow fresh. */
export function resetFlows(): void {
  loginFlow = null
  signupSession = null
  signupEmail = null
}
