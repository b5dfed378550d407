/**
 * Reading answers with their schemas: the api client loads this lazily (with zod), so the first screen carries
 * neither (docs/web.md, 'First screen'); lazy screens load zod with their forms anyway.
 */
import { ErrorResponseSchema } from '@app/contract'
import { safeParse } from 'zod/v4/core'

export { readAnswer } from '@app/contract'

/** An error answer's code, message and details, when it has the contract's error shape. */
export function readError(body: unknown) {
  const parsed = safeParse(ErrorResponseSchema, body)
  return parsed.success ? parsed.data : undefined
}
