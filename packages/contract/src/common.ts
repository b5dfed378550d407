import * as z from 'zod/mini'

/** Every error body the API answers with. `message` is for people; `code` is for programs. */
export const ErrorResponseSchema = z.object({
  statusCode: z.int(),
  code: z.string(),
  message: z.string(),
  details: z.optional(z.record(z.string(), z.unknown())),
})
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>

/** Opaque keyset cursor: the client passes back what the server gave it. */
export const CursorSchema = z.string().check(z.minLength(1), z.maxLength(512))

export const PAGE_SIZE = 24

/** How many rows a page holds: 1 to 100, PAGE_SIZE unless asked. */
export const PageSizeSchema = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), PAGE_SIZE)
/** The query string every list has; lists with more name `cursor` and `size` the same way. */
export const PageQuerySchema = z.object({ cursor: z.optional(CursorSchema), size: PageSizeSchema })
export type PageQuery = z.infer<typeof PageQuerySchema>

/** A page of a cursor-paginated list. `total` is present on lists that count (bank cards, invoice accounts). */
export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.object({
    items: z.array(item),
    nextPage: z.nullable(CursorSchema),
    previousPage: z.nullable(CursorSchema),
    total: z.optional(z.int().check(z.nonnegative())),
  })
}
export type Page<T> = { items: T[]; nextPage: string | null; previousPage: string | null; total?: number }

/** Public identifiers are UUIDs; anything else is refused before it reaches the database. */
export const UidSchema = z.uuid()
export const UidParamsSchema = z.object({ uid: UidSchema })

/** Unix time in seconds (spec: all timestamps are epoch seconds). */
export const EpochSecondsSchema = z.int().check(z.nonnegative())

/** USDT amounts on the wire: numbers with at most 2 decimals, computed from integer minor units. */
export const UsdtAmountSchema = z.number().check(z.nonnegative())

export const SortDirectionSchema = z.enum(['asc', 'desc'])

/** An empty success body, for calls whose answer the spec does not show. */
export const OkSchema = z.object({ ok: z.literal(true) })
