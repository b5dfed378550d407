/** News for users: the list in their language, and marking what they have seen (docs/news.md). */
import { ErrorResponseSchema as e } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import {
  MarkNewsSeenBodySchema,
  MarkNewsSeenResponseSchema,
  NewsListQuerySchema,
  NewsPageSchema,
} from '../news.ts'

const errors = { 400: e, 401: e }

export const list = defineEndpoint({
  method: 'GET',
  path: '/news',
  auth: 'access',
  query: NewsListQuerySchema,
  responses: { 200: NewsPageSchema, ...errors },
})

/** A POST, not a side effect of reading the list: GETs stay safe to repeat, prefetch and cache. */
export const markSeen = defineEndpoint({
  method: 'POST',
  path: '/news/seen',
  auth: 'access',
  body: MarkNewsSeenBodySchema,
  responses: { 200: MarkNewsSeenResponseSchema, 404: e, ...errors },
})
