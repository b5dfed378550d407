import * as z from 'zod/mini'

/** How many rows an operator list answers: 1 to 1000, 100 unless asked. */
export const LimitSchema = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000)), 100)
export const LimitQuerySchema = z.object({ limit: LimitSchema })
