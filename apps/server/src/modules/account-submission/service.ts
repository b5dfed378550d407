/**
 * Submitting an account (login: /telegram/submit-account-*, login.ts) and registering a new one (sign-up:
 * /telegram/auth/*, signup.ts), as one service: the use cases are plain functions of the submission's context
 * (context.ts), bound here once; the steps both share are flow.ts. The flow's progress lives in the database (any
 * server process can take the next step); codes and passwords go to the provider and are never stored or logged.
 */
import { bindContext } from '#lib/bind-context.ts'
import type { SubmissionContext } from './context.ts'
import {
  resendCode,
  submitAccount,
  submitCode,
  submitEmail,
  submitEmailCode,
  submitPassword,
  submitPhone,
} from './login.ts'
import { resendSignupCode, sendSignupCode, setupSignupEmail, signup, verifySignupEmail } from './signup.ts'

export function createAccountSubmissionService(ctx: SubmissionContext) {
  return bindContext(ctx, {
    // Login (submit an existing account)
    submitPhone,
    submitEmail,
    submitEmailCode,
    resendCode,
    submitCode,
    submitPassword,
    submitAccount,
    // Sign-up (register a new account)
    sendSignupCode,
    setupSignupEmail,
    verifySignupEmail,
    resendSignupCode,
    signup,
  })
}
