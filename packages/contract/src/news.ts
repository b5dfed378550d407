import * as z from 'zod/mini'
import { CursorSchema, EpochSecondsSchema, PageSizeSchema, pageOf, UidSchema } from './common.ts'
import { LanguageSchema } from './locales.ts'

/**
 * GET /news?cursor&size&lng: published news, newest first. `lng` is the language the mini-app shows; without it
 * the server uses the user's Telegram language (fa* -> fa, anything else en). Items without that language come
 * in English, the fallback every item has (docs/news.md).
 */
export const NewsListQuerySchema = z.object({
  cursor: z.optional(CursorSchema),
  size: PageSizeSchema,
  lng: z.optional(LanguageSchema),
})
export type NewsListQuery = z.infer<typeof NewsListQuerySchema>

export const NewsItemSchema = z.object({
  uid: UidSchema,
  title: z.string(),
  /** Plain text; line breaks are the operator's. */
  body: z.string(),
  /** The language the title and body are in: the one asked for, or English when the item has no such text. */
  lng: LanguageSchema,
  publishedAt: EpochSecondsSchema,
})
export type NewsItem = z.infer<typeof NewsItemSchema>

export const NewsPageSchema = pageOf(NewsItemSchema)

/**
 * POST /news/seen: the newest item the user has seen (the first of the list). Everything published up to it stops
 * counting as unseen; the marker never moves back. An item published meanwhile stays unseen.
 */
export const MarkNewsSeenBodySchema = z.strictObject({ uid: UidSchema })
/** What is still unseen after marking (counted as the dashboard counts it). */
export const MarkNewsSeenResponseSchema = z.object({ unseenCount: z.int().check(z.nonnegative()) })
export type MarkNewsSeenResponse = z.infer<typeof MarkNewsSeenResponseSchema>
