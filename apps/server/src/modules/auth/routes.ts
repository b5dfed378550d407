import { authCalls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { unauthorized } from '#lib/domain-error.ts'
import { route } from '#lib/route.ts'
import { bearerToken } from '#plugins/authenticate.ts'
import type { WithServices } from '#src/services.ts'
import { authRouteLimit } from './route-limit.ts'

const authRoutes: FastifyPluginAsyncZod<WithServices<'auth'>> = async (app, { services: { auth } }) => {
  const limit = authRouteLimit(app)

  route(app, authCalls.authorize, limit, async (request) =>
    auth.authorizeTelegram(request.body.initData, request.body.referralCode),
  )

  // Each launch with stored tokens: outside the sign-in budget (`limit`), an ordinary authenticated call.
  route(app, authCalls.language, { preHandler: app.authenticate }, async (request, reply) => {
    await auth.setLanguage(request.user.id, request.body.language)
    return reply.code(204).send(null)
  })

  route(app, authCalls.refresh, limit, async (request) => {
    const token = bearerToken(request)
    if (token === undefined) throw unauthorized('Refresh token required')
    return auth.refresh(token)
  })

  route(app, authCalls.logout, limit, async (request, reply) => {
    const token = bearerToken(request)
    if (token === undefined) throw unauthorized('Refresh token required')
    await auth.logout(token)
    return reply.code(204).send(null)
  })
}
export default authRoutes
