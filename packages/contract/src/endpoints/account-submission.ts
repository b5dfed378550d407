/**
 * The /telegram/* calls of spec section 7: submitting an account by login, and signing up a new one. Every answer's
 * status and code follow spec section 8.
 */
import {
  AuthSessionSchema,
  CodeStepResponseSchema,
  EmailCodeSentResponseSchema,
  ReadyToSubmitResponseSchema,
  ResendSignupCodeBodySchema,
  SendCodeBodySchema,
  SetupLoginEmailBodySchema,
  SignupBodySchema,
  SignupResponseSchema,
  SubmitAccountCodeBodySchema,
  SubmitAccountEmailBodySchema,
  SubmitAccountEmailCodeBodySchema,
  SubmitAccountPasswordBodySchema,
  SubmitAccountPhoneBodySchema,
  SubmitAccountPhoneResponseSchema,
  SubmitAccountResponseSchema,
  VerifyLoginEmailBodySchema,
} from '../account-submission.ts'
import { ErrorResponseSchema as e } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'

/** Answers any step can give: bad input, no token, flags, no flow, an ended flow, provider limits and outages. */
const common = { 400: e, 401: e, 403: e, 404: e, 410: e, 429: e, 503: e }
const phoneErrors = { ...common, 406: e, 409: e, 422: e }

export const submitPhone = defineEndpoint({
  method: 'POST',
  path: '/telegram/submit-account-phone',
  auth: 'access',
  body: SubmitAccountPhoneBodySchema,
  responses: { 200: SubmitAccountPhoneResponseSchema, ...phoneErrors },
})

export const submitEmail = defineEndpoint({
  method: 'POST',
  path: '/telegram/submit-account-email',
  auth: 'access',
  body: SubmitAccountEmailBodySchema,
  responses: { 200: EmailCodeSentResponseSchema, ...common },
})

export const submitEmailCode = defineEndpoint({
  method: 'POST',
  path: '/telegram/submit-account-email-code',
  auth: 'access',
  body: SubmitAccountEmailCodeBodySchema,
  responses: { 200: CodeStepResponseSchema, ...common },
})

/** No body: the server keeps the flow. */
export const resendCode = defineEndpoint({
  method: 'POST',
  path: '/telegram/resend-code',
  auth: 'access',
  body: null,
  responses: { 200: CodeStepResponseSchema, ...common },
})

export const submitCode = defineEndpoint({
  method: 'POST',
  path: '/telegram/submit-account-code',
  auth: 'access',
  body: SubmitAccountCodeBodySchema,
  responses: { 200: ReadyToSubmitResponseSchema, 303: e, ...common },
})

export const submitPassword = defineEndpoint({
  method: 'POST',
  path: '/telegram/submit-account-password',
  auth: 'access',
  body: SubmitAccountPasswordBodySchema,
  responses: { 200: ReadyToSubmitResponseSchema, ...common },
})

/** No body: the server keeps the flow. */
export const submitAccount = defineEndpoint({
  method: 'POST',
  path: '/telegram/submit-account',
  auth: 'access',
  body: null,
  responses: { 200: SubmitAccountResponseSchema, 409: e, ...common },
})

export const sendSignupCode = defineEndpoint({
  method: 'POST',
  path: '/telegram/auth/send-code',
  auth: 'access',
  body: SendCodeBodySchema,
  responses: { 200: AuthSessionSchema, ...phoneErrors },
})

export const setupLoginEmail = defineEndpoint({
  method: 'POST',
  path: '/telegram/auth/setup-login-email',
  auth: 'access',
  body: SetupLoginEmailBodySchema,
  responses: { 200: AuthSessionSchema, ...common },
})

export const verifyLoginEmail = defineEndpoint({
  method: 'POST',
  path: '/telegram/auth/verify-login-email',
  auth: 'access',
  body: VerifyLoginEmailBodySchema,
  responses: { 200: AuthSessionSchema, ...common },
})

export const resendSignupCode = defineEndpoint({
  method: 'POST',
  path: '/telegram/auth/resend-code',
  auth: 'access',
  body: ResendSignupCodeBodySchema,
  responses: { 200: AuthSessionSchema, ...common },
})

export const signup = defineEndpoint({
  method: 'POST',
  path: '/telegram/auth/signup',
  auth: 'access',
  body: SignupBodySchema,
  responses: { 200: SignupResponseSchema, 409: e, ...common },
})
