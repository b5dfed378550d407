/** News for users: the list in their language, and marking what they have seen (docs/news.md). */
import { newsCalls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const newsRoutes: FastifyPluginAsyncZod<WithServices<'news'>> = async (app, { services: { news } }) => {
  app.addHook('preHandler', app.authenticate)

  route(app, newsCalls.list, async (request) => news.list(request.user.id, request.query))

  route(app, newsCalls.markSeen, async (request) => news.markSeen(request.user.id, request.body.uid))
}
export default newsRoutes
