/**
 * Support for users (docs/support.md): the conversation, writing to it, reading the replies. Each call takes the
 * access token or Telegram init data (`Authorization: tma ...`), which lets a blocked user in here and nowhere else.
 */
import { SUPPORT_MESSAGE_BODY_LIMIT, supportCalls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'
import type { SupportUser } from './user-thread.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the support routes' preHandler. */
    supportUser: SupportUser
  }
}

const INIT_DATA = /^tma\s+(\S+)\s*$/i

const supportRoutes: FastifyPluginAsyncZod<WithServices<'support'>> = async (
  app,
  { services: { support } },
) => {
  app.decorateRequest('supportUser', null as unknown as SupportUser)
  app.addHook('preHandler', async (request) => {
    const initData = INIT_DATA.exec(request.headers.authorization ?? '')?.[1]
    if (initData === undefined) {
      await app.authenticate(request)
      request.supportUser = await support.userById(request.user.id)
      return
    }
    const user = await support.userByInitData(initData)
    request.supportUser = user
    // The idempotency keys are kept per user, as for a token's calls.
    request.user = { id: user.id, uid: user.uid, telegramId: user.telegramId }
  })

  route(app, supportCalls.thread, async (request) => support.readThread(request.supportUser.id))

  route(app, supportCalls.send, { bodyLimit: SUPPORT_MESSAGE_BODY_LIMIT }, async (request, reply) =>
    reply.code(201).send(await support.sendMessage(request.supportUser, request.body)),
  )

  route(app, supportCalls.markRead, async (request) => support.markUserRead(request.supportUser.id))
}
export default supportRoutes
