/** Operator API for news: publish (English required, Persian optional), list, remove (docs/news.md). */
import { opsNewsCalls } from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const newsOpsRoutes: FastifyPluginAsyncZod<WithServices<'news' | 'audit'>> = async (
  app,
  { services: { news, audit } },
) => {
  route(app, opsNewsCalls.list, async (request) => news.listForOperators(request.query.limit))

  route(app, opsNewsCalls.publish, async (request, reply) => {
    const published = await audit.record(
      request.operator,
      { action: 'news.publish', objectType: 'news', objectId: null },
      (s) => s.news.publish(request.body),
    )
    return reply.code(201).send(published)
  })

  route(app, opsNewsCalls.remove, async (request) =>
    audit.record(
      request.operator,
      { action: 'news.remove', objectType: 'news', objectId: request.params.uid },
      (s) => s.news.remove(request.params.uid),
    ),
  )
}
export default newsOpsRoutes
