/** News: publish (English required, Persian optional), list, remove (docs/news.md). */
import { ErrorResponseSchema as e } from '../../common.ts'
import { defineEndpoint } from '../../endpoint.ts'
import {
  CreateNewsBodySchema,
  NewsListLimitQuerySchema,
  NewsUidParamsSchema,
  OpsNewsListSchema,
  OpsNewsSchema,
  RemovedNewsSchema,
} from '../news.ts'
import { opsErrors } from './errors.ts'

export const list = defineEndpoint({
  method: 'GET',
  path: '/ops/news',
  role: 'viewer',
  query: NewsListLimitQuerySchema,
  responses: { 200: OpsNewsListSchema, ...opsErrors },
})

export const publish = defineEndpoint({
  method: 'POST',
  path: '/ops/news',
  role: 'operator',
  body: CreateNewsBodySchema,
  responses: { 201: OpsNewsSchema, ...opsErrors },
})

export const remove = defineEndpoint({
  method: 'DELETE',
  path: '/ops/news/:uid',
  role: 'operator',
  params: NewsUidParamsSchema,
  responses: { 200: RemovedNewsSchema, 404: e, ...opsErrors },
})
