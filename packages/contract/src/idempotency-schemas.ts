import * as z from 'zod/mini'
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency.ts'

export const IdempotencyKeySchema = z.string().check(z.regex(IDEMPOTENCY_KEY_PATTERN))

/** The headers a state-changing user call declares (loose: every other header passes untouched). */
export const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.optional(IdempotencyKeySchema),
})
