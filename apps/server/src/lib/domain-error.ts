import type { ErrorCode, ErrorDetails } from '@app/contract'

/**
 * The details argument of a code, from the contract's ErrorDetailsSchemas: required when the code always carries
 * details, optional when sometimes, absent when never. A wrong field name fails to compile.
 */
type DetailsArgs<C extends ErrorCode> =
  undefined extends ErrorDetails<C>
    ? [details?: Exclude<ErrorDetails<C>, undefined>]
    : [details: ErrorDetails<C>]

/**
 * A failure the client is meant to see: services throw it, the one error handler answers
 * `{statusCode, code, message, details?}` with its status. Never put secrets in message or details.
 */
export class DomainError<C extends ErrorCode = ErrorCode> extends Error {
  override name = 'DomainError'
  readonly statusCode: number
  readonly code: C
  readonly details: Record<string, unknown> | undefined
  /** Seconds for the answer's Retry-After header (a 503 the client should try again after). */
  retryAfterSeconds: number | undefined
  constructor(statusCode: number, code: C, message: string, ...[details]: DetailsArgs<C>) {
    super(message)
    this.statusCode = statusCode
    this.code = code
    this.details = details as Record<string, unknown> | undefined
  }
}

export const unauthorized = (message = 'Authentication required') =>
  new DomainError(401, 'UNAUTHORIZED', message)
export const validationError = (message: string) => new DomainError(400, 'VALIDATION_ERROR', message)
export const notFound = (message = 'Not found') => new DomainError(404, 'NOT_FOUND', message)

/**
 * Too many tries or sends: the spec's 429 'Too many requests.' with its code for a wait (ACTION_WAIT_REQUIRED_ERROR)
 * and the seconds to wait in `details.wait`.
 */
export const tooManyRequests = (wait: number) =>
  new DomainError(429, 'ACTION_WAIT_REQUIRED_ERROR', 'Too many requests.', { wait })
