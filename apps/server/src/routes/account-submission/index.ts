/**
 * The /telegram/* calls of spec section 7: submitting an account by login, and signing up a new one.
 * Every answer's status and code follow spec section 8 (see modules/account-submission).
 */
import {
  AuthSessionSchema,
  CodeStepResponseSchema,
  EmailCodeSentResponseSchema,
  ErrorResponseSchema,
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
} from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WithServices } from '../../services.ts'

const e = ErrorResponseSchema
/** Answers any step can give: bad input, no token, flags, no flow, provider limits and outages. */
const common = { 400: e, 401: e, 403: e, 404: e, 429: e, 503: e }
const phoneErrors = { ...common, 406: e, 409: e, 422: e }

const accountSubmissionRoutes: FastifyPluginAsyncZod<WithServices<'accountSubmission'>> = async (
  app,
  { services: { accountSubmission: submission } },
) => {
  app.addHook('preHandler', app.authenticate)

  app.post(
    '/telegram/submit-account-phone',
    {
      schema: {
        body: SubmitAccountPhoneBodySchema,
        response: { 200: SubmitAccountPhoneResponseSchema, ...phoneErrors },
      },
    },
    async (request) => submission.submitPhone(request.user.id, request.body.phone, request.body.submitType),
  )

  app.post(
    '/telegram/submit-account-email',
    {
      schema: {
        body: SubmitAccountEmailBodySchema,
        response: { 200: EmailCodeSentResponseSchema, ...common },
      },
    },
    async (request) => submission.submitEmail(request.user.id, request.body.email),
  )

  app.post(
    '/telegram/submit-account-email-code',
    {
      schema: {
        body: SubmitAccountEmailCodeBodySchema,
        response: { 200: CodeStepResponseSchema, ...common },
      },
    },
    async (request) => submission.submitEmailCode(request.user.id, request.body.code),
  )

  app.post(
    '/telegram/resend-code',
    { schema: { response: { 200: CodeStepResponseSchema, ...common } } },
    async (request) => submission.resendCode(request.user.id),
  )

  app.post(
    '/telegram/submit-account-code',
    {
      schema: {
        body: SubmitAccountCodeBodySchema,
        response: { 200: ReadyToSubmitResponseSchema, 303: e, ...common },
      },
    },
    async (request) => submission.submitCode(request.user.id, request.body.code, request.body.password),
  )

  app.post(
    '/telegram/submit-account-password',
    {
      schema: {
        body: SubmitAccountPasswordBodySchema,
        response: { 200: ReadyToSubmitResponseSchema, ...common },
      },
    },
    async (request) => submission.submitPassword(request.user.id, request.body.password),
  )

  app.post(
    '/telegram/submit-account',
    { schema: { response: { 200: SubmitAccountResponseSchema, 409: e, ...common } } },
    async (request) => submission.submitAccount(request.user.id),
  )

  app.post(
    '/telegram/auth/send-code',
    { schema: { body: SendCodeBodySchema, response: { 200: AuthSessionSchema, ...phoneErrors } } },
    async (request) => submission.sendSignupCode(request.user.id, request.body.phoneNumber),
  )

  app.post(
    '/telegram/auth/setup-login-email',
    { schema: { body: SetupLoginEmailBodySchema, response: { 200: AuthSessionSchema, ...common } } },
    async (request) => {
      const { sessionId, phoneNumber, email } = request.body
      return submission.setupSignupEmail(request.user.id, sessionId, phoneNumber, email)
    },
  )

  app.post(
    '/telegram/auth/verify-login-email',
    { schema: { body: VerifyLoginEmailBodySchema, response: { 200: AuthSessionSchema, ...common } } },
    async (request) => {
      const { sessionId, phoneNumber, code } = request.body
      return submission.verifySignupEmail(request.user.id, sessionId, phoneNumber, code)
    },
  )

  app.post(
    '/telegram/auth/resend-code',
    { schema: { body: ResendSignupCodeBodySchema, response: { 200: AuthSessionSchema, ...common } } },
    async (request) => {
      const { sessionId, phoneNumber } = request.body
      return submission.resendSignupCode(request.user.id, sessionId, phoneNumber)
    },
  )

  app.post(
    '/telegram/auth/signup',
    { schema: { body: SignupBodySchema, response: { 200: SignupResponseSchema, 409: e, ...common } } },
    async (request) => {
      const { sessionId, phoneNumber, phoneCode } = request.body
      return submission.signup(request.user.id, sessionId, phoneNumber, phoneCode)
    },
  )
}
export default accountSubmissionRoutes
