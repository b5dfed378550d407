/** Email and password sign-in (spec section 7; docs/email-auth.md). */
import { ErrorResponseSchema as e } from '../common.ts'
import {
  EmailVerificationConfirmBodySchema,
  EmailVerificationRequestBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  NoContentSchema,
  PasswordResetConfirmBodySchema,
  PasswordResetRequestBodySchema,
  RegisterBodySchema,
  RegisterResponseSchema,
} from '../email-auth.ts'
import { defineEndpoint } from '../endpoint.ts'

/**
 * Signed in through Telegram (a bearer token), the email binds to that user. 201 whether the address is unknown,
 * waiting or taken (its owner gets a note instead of a code); 409 EMAIL_ALREADY_SET is about the signed-in user.
 */
export const register = defineEndpoint({
  method: 'POST',
  path: '/auth/register',
  auth: 'optional',
  body: RegisterBodySchema,
  responses: { 201: RegisterResponseSchema, 400: e, 429: e, 401: e, 406: e, 409: e },
})

/** 204 whether the address is known or not: a code goes only to one with registrations waiting. */
export const requestVerification = defineEndpoint({
  method: 'POST',
  path: '/auth/email-verification-request',
  auth: 'none',
  body: EmailVerificationRequestBodySchema,
  responses: { 204: NoContentSchema, 400: e, 429: e },
})

/**
 * The prover: signed in, the bearer token (their registration made while signed in); otherwise the password of
 * their registration made without a session.
 */
export const confirmVerification = defineEndpoint({
  method: 'POST',
  path: '/auth/email-verification-confirm',
  auth: 'optional',
  body: EmailVerificationConfirmBodySchema,
  responses: { 204: NoContentSchema, 400: e, 429: e, 401: e, 406: e, 409: e },
})

/** 403 EMAIL_NOT_VERIFIED (a registration's password, not proven yet) or USER_BLOCKED (after the right password). */
export const login = defineEndpoint({
  method: 'POST',
  path: '/auth/login',
  auth: 'none',
  body: LoginBodySchema,
  responses: { 200: LoginResponseSchema, 400: e, 429: e, 401: e, 403: e },
})

/** 204 whether the address is known or not: a code goes only to the owner of an account that may sign in. */
export const requestPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/auth/password-reset-request',
  auth: 'none',
  body: PasswordResetRequestBodySchema,
  responses: { 204: NoContentSchema, 400: e, 429: e },
})

/** 403 USER_BLOCKED: blocked since the code was sent; nothing changes. */
export const confirmPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/auth/password-reset-confirm',
  auth: 'none',
  body: PasswordResetConfirmBodySchema,
  responses: { 204: NoContentSchema, 400: e, 429: e, 401: e, 403: e },
})
