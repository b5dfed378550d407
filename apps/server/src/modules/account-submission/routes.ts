/**
 * The /telegram/* calls of spec section 7: submitting an account by login, and signing up a new one.
 * Every answer's status and code follow spec section 8 (see modules/account-submission).
 */
import { submissionCalls as calls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const accountSubmissionRoutes: FastifyPluginAsyncZod<WithServices<'accountSubmission'>> = async (
  app,
  { services: { accountSubmission: submission } },
) => {
  app.addHook('preHandler', app.authenticate)

  route(app, calls.submitPhone, async (request) => {
    const { phone, country, submitType } = request.body
    return submission.submitPhone(request.user.id, { phone, country }, submitType)
  })

  route(app, calls.submitEmail, async (request) =>
    submission.submitEmail(request.user.id, request.body.email),
  )

  route(app, calls.submitEmailCode, async (request) =>
    submission.submitEmailCode(request.user.id, request.body.code),
  )

  route(app, calls.resendCode, async (request) => submission.resendCode(request.user.id))

  route(app, calls.submitCode, async (request) =>
    submission.submitCode(request.user.id, request.body.code, request.body.password),
  )

  route(app, calls.submitPassword, async (request) =>
    submission.submitPassword(request.user.id, request.body.password),
  )

  route(app, calls.submitAccount, async (request) => submission.submitAccount(request.user.id))

  route(app, calls.sendSignupCode, async (request) => {
    const { phoneNumber, country } = request.body
    return submission.sendSignupCode(request.user.id, { phone: phoneNumber, country })
  })

  route(app, calls.setupLoginEmail, async (request) => {
    const { sessionId, phoneNumber, email } = request.body
    return submission.setupSignupEmail(request.user.id, sessionId, phoneNumber, email)
  })

  route(app, calls.verifyLoginEmail, async (request) => {
    const { sessionId, phoneNumber, code } = request.body
    return submission.verifySignupEmail(request.user.id, sessionId, phoneNumber, code)
  })

  route(app, calls.resendSignupCode, async (request) => {
    const { sessionId, phoneNumber } = request.body
    return submission.resendSignupCode(request.user.id, sessionId, phoneNumber)
  })

  route(app, calls.signup, async (request) => {
    const { sessionId, phoneNumber, phoneCode } = request.body
    return submission.signup(request.user.id, sessionId, phoneNumber, phoneCode)
  })
}
export default accountSubmissionRoutes
