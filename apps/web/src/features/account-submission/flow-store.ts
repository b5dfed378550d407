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

export function setSignupSession(session: AuthSession | null): void {
  signupSession = session
}

/** Tests start every flow fresh. */
export function resetFlows(): void {
  loginFlow = null
  signupSession = null
}
