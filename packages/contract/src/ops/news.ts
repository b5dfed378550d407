import * as z from 'zod/mini'
import { UidSchema } from '../common.ts'
import { LimitQuerySchema } from './limit.ts'

/** Bounds of what operators publish: a title fits a list row, a body a Telegram message (4096). */
export const NEWS_TITLE_MAX = 120
export const NEWS_BODY_MAX = 4000

/** A title and a body in one language; surrounding spaces are dropped, and nothing is left empty. */
export const NewsTextSchema = z.strictObject({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(NEWS_TITLE_MAX)),
  body: z.string().check(z.trim(), z.minLength(1), z.maxLength(NEWS_BODY_MAX)),
})
export type NewsText = z.infer<typeof NewsTextSchema>

/** `ops news add`: English is required (every reader's fallback), Persian optional. */
export const CreateNewsBodySchema = z.strictObject({ en: NewsTextSchema, fa: z.optional(NewsTextSchema) })
export type CreateNews = z.infer<typeof CreateNewsBodySchema>

/** A news item as operators read it: both languages, the time as ISO 8601. */
export const OpsNewsSchema = z.object({
  uid: z.string(),
  en: z.object({ title: z.string(), body: z.string() }),
  fa: z.nullable(z.object({ title: z.string(), body: z.string() })),
  publishedAt: z.string(),
})
export type OpsNews = z.infer<typeof OpsNewsSchema>
export const OpsNewsListSchema = z.array(OpsNewsSchema)
export const NewsListLimitQuerySchema = LimitQuerySchema
export const NewsUidParamsSchema = z.object({ uid: UidSchema })
/** `ops news remove`: the uid of what was removed. */
export const RemovedNewsSchema = z.object({ uid: z.string() })
