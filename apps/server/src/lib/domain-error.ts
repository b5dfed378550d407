import type { ErrorCode } from '@app/contract'

/**
 * A failure the client is meant to see: services throw it, the one error handler answers
 * `{statusCode, code, message, details?}` with its status. Never put secrets in message or details.
 */
export class DomainError extends Error {
  override name = 'DomainError'
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message)
  }
}

export const unauthorized = (message = 'Authentication required') =>
  new DomainError(401, 'UNAUTHORIZED', message)
export const validationError = (message: string, details?: Record<string, unknown>) =>
  new DomainError(400, 'VALIDATION_ERROR', message, details)
export const notFound = (message = 'Not found') => new DomainError(404, 'NOT_FOUND', message)
