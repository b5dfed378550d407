/** News for users: the list in their language, and marking what they have seen (docs/news.md). */
import {
  ErrorResponseSchema,
  MarkNewsSeenBodySchema,
  MarkNewsSeenResponseSchema,
  NewsListQuerySchema,
  NewsPageSchema,
} from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WithServices } from '../../services.ts'

const e = ErrorResponseSchema
const errors = { 400: e, 401: e }

const newsRoutes: FastifyPluginAsyncZod<WithServices<'news'>> = async (app, { services: { news } }) => {
  app.addHook('preHandler', app.authenticate)

  app.get(
    '/news',
    { schema: { querystring: NewsListQuerySchema, response: { 200: NewsPageSchema, ...errors } } },
    async (request) => news.list(request.user.id, request.query),
  )

  // A POST, not a side effect of reading the list: GETs stay safe to repeat, prefetch and cache.
  app.post(
    '/news/seen',
    {
      schema: {
        body: MarkNewsSeenBodySchema,
        response: { 200: MarkNewsSeenResponseSchema, 404: e, ...errors },
      },
    },
    async (request) => news.markSeen(request.user.id, request.body.uid),
  )
}
export default newsRoutes
