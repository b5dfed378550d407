/**
 * Email and password sign-in (docs/email-auth.md), as one service: the use cases are plain functions of the email
 * context (context.ts), bound here once. Registration: registration.ts; the mailbox's proof: verification.ts;
 * login: login.ts; password reset: password-reset.ts; codes and their mail: codes.ts; the limits: limits.ts.
 *
 * An email belongs to whoever proves it: the mailbox's code, entered with the session or the password of one's own
 * registration, proves that registration; registrations of other people wait beside it and never replace it. The
 * answers never say whether an address is known. Every email is normalized before any lookup; codes and
 * passwords are compared in constant time and never leave this module in plain text except inside a sealed
 * outbox mail.
 */
import { bindContext } from '#lib/bind-context.ts'
import type { EmailAuthContext } from './context.ts'
import { login } from './login.ts'
import { confirmPasswordReset, requestPasswordReset } from './password-reset.ts'
import { register } from './registration.ts'
import { confirmVerification, requestVerification } from './verification.ts'

export function createEmailAuthService(ctx: EmailAuthContext) {
  return bindContext(ctx, {
    register,
    requestVerification,
    confirmVerification,
    login,
    requestPasswordReset,
    confirmPasswordReset,
  })
}
