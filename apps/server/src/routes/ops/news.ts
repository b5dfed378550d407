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
const errors = { 400: e, 401: e }

const newsOpsRoutes: FastifyPluginAsyncZod<WithServices<'news'>> = async (app, { services: { news } }) => {
  app.get(
    '/news',
    { schema: { querystring: NewsListLimitQuerySchema, response: { 200: OpsNewsListSchema, ...errors } } },
    async (request) => news.listForOperators(request.query.limit),
  )

  app.post(
    '/news',
    { schema: { body: CreateNewsBodySchema, response: { 201: OpsNewsSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await news.publish(request.body)),
  )

  app.delete(
    '/news/:uid',
    {
      schema: {
        params: NewsUidParamsSchema,
        response: { 200: RemovedNewsSchema, 404: e, ...errors },
      },
    },
    async (request) => news.remove(request.params.uid),
  )
}
export default newsOpsRoutes
