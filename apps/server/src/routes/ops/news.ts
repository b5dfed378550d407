/** Operator API for news: publish (English required, Persian optional), list, remove (docs/news.md). */
import { ErrorResponseSchema } from '@app/contract'
import {
  CreateNewsBodySchema,
  NewsListLimitQuerySchema,
  NewsUidParamsSchema,
  OpsNewsListSchema,
  OpsNewsSchema,
  RemovedNewsSchema,
} from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WithServices } from '../../services.ts'

const e = ErrorResponseSchema
const errors = { 400: e, 401: e, 403: e }

const newsOpsRoutes: FastifyPluginAsyncZod<WithServices<'news' | 'audit'>> = async (
  app,
  { services: { news, audit } },
) => {
  app.get(
    '/news',
    { schema: { querystring: NewsListLimitQuerySchema, response: { 200: OpsNewsListSchema, ...errors } } },
    async (request) => news.listForOperators(request.query.limit),
  )

  app.post(
    '/news',
    { schema: { body: CreateNewsBodySchema, response: { 201: OpsNewsSchema, ...errors } } },
    async (request, reply) => {
      const published = await audit.record(
        request.operator,
        { action: 'news.publish', objectType: 'news', objectId: null },
        (s) => s.news.publish(request.body),
      )
      return reply.code(201).send(published)
    },
  )

  app.delete(
    '/news/:uid',
    {
      schema: {
        params: NewsUidParamsSchema,
        response: { 200: RemovedNewsSchema, 404: e, ...errors },
      },
    },
    async (request) =>
      audit.record(
        request.operator,
        { action: 'news.remove', objectType: 'news', objectId: request.params.uid },
        (s) => s.news.remove(request.params.uid),
      ),
  )
}
export default newsOpsRoutes
