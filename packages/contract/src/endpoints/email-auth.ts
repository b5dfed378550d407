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

/** Signed in through Telegram (a bearer token), the email binds to that user. */
export const register = defineEndpoint({
  method: 'POST',
  path: '/auth/register',
  auth: 'optional',
  body: RegisterBodySchema,
  responses: { 201: RegisterResponseSchema, 400: e, 429: e, 401: e, 406: e, 409: e },
})

export const requestVerification = defineEndpoint({
  method: 'POST',
  path: '/auth/email-verification-request',
  auth: 'none',
  body: EmailVerificationRequestBodySchema,
  responses: { 204: NoContentSchema, 400: e, 429: e, 404: e },
})

/** Signed in, the bearer token names the prover: an email registered while signed in is proven by that user only. */
export const confirmVerification = defineEndpoint({
  method: 'POST',
  path: '/auth/email-verification-confirm',
  auth: 'optional',
  body: EmailVerificationConfirmBodySchema,
  responses: { 204: NoContentSchema, 400: e, 429: e, 401: e, 406: e, 409: e },
})

export const login = defineEndpoint({
  method: 'POST',
  path: '/auth/login',
  auth: 'none',
  body: LoginBodySchema,
  responses: { 200: LoginResponseSchema, 400: e, 429: e, 401: e, 403: e },
})

export const requestPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/auth/password-reset-request',
  auth: 'none',
  body: PasswordResetRequestBodySchema,
  responses: { 204: NoContentSchema, 400: e, 429: e, 404: e },
})

export const confirmPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/auth/password-reset-confirm',
  auth: 'none',
  body: PasswordResetConfirmBodySchema,
  responses: { 204: NoContentSchema, 400: e, 429: e, 401: e },
})
