import type { ErrorResponse, TokenPair } from '@app/contract'
import * as z from 'zod/mini'
import type { SameType } from './same-type.ts'

/*
 * zod/mini twins of the contract schemas the first screen parses. The contract is zod classic, which costs
 * about 24 KB gzip as soon as one schema is used; these cost a few. The types are pinned to the contract's
 * (compile time) and a test runs both over the same fixtures (run time), so they cannot drift silently.
 * Every later screen parses with the contract itself.
 */

export const ErrorResponseSchema = z.object({
  statusCode: z.int(),
  code: z.string(),
  message: z.string(),
  details: z.optional(z.record(z.string(), z.unknown())),
})

export const TokenPairSchema = z.object({
  accessToken: z.string().check(z.minLength(1)),
  refreshToken: z.string().check(z.minLength(1)),
})

export const sameAsContract: [
  SameType<z.infer<typeof ErrorResponseSchema>, ErrorResponse>,
  SameType<z.infer<typeof TokenPairSchema>, TokenPair>,
] = [true, true]
