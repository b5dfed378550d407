/**
 * The one error handler. Every error leaves as `{statusCode, code, message, details?}`
 * (the contract's ErrorResponseSchema); 5xx answers never carry details, which go to the log only, but for the
 * wait of a database outage's 503 TEMPORARILY_UNAVAILABLE (db/outage.ts), which says nothing about the server.
 */
import { type ErrorCode, ErrorDetailsSchemas, type ErrorResponse } from '@app/contract'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { type DatabaseOutage, OUTAGE_RETRY_AFTER_SECONDS } from '../db/outage.ts'
import { DomainError } from '../lib/domain-error.ts'
import type { MessageResolver } from '../lib/validation-messages.ts'
import { globalPlugin } from './global-plugin.ts'

const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
}

/** Readable messages for errors whose built-in text is not meant for API clients. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as FastifyError).statusCode === 'number'
}

function validationMessage(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
  resolve: MessageResolver,
): string {
  const context = error.validationContext ?? 'body'
  return error.validation
    .map((issue) => {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
      return `${path === '' ? context : path}: ${resolve(issue.message ?? 'Invalid value')}`
    })
    .join('; ')
}

/** What may be logged about an unexpected error: never query parameters (they can hold codes, tokens). */
function loggableError(error: unknown): unknown {
  if (error instanceof DrizzleQueryError) {
    return { type: 'DrizzleQueryError', query: error.query, cause: error.cause?.message }
  }
  return error
}

export function toErrorResponse(
  error: unknown,
  resolve: MessageResolver,
): { body: ErrorResponse; unexpected: boolean } {
  if (error instanceof DomainError) {
    const body: ErrorResponse = { statusCode: error.statusCode, code: error.code, message: error.message }
    // The types already hold the details to the contract; this catches what slips past them (casts), logged as
    // a bug, and the client gets the answer without the details it could not read.
    const code: ErrorCode = error.code
    const fitsContract = ErrorDetailsSchemas[code].safeParse(error.details).success
    if (error.details && fitsContract) body.details = error.details
    return { body, unexpected: !fitsContract }
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      body: { statusCode: 400, code: 'VALIDATION_ERROR', message: validationMessage(error, resolve) },
      unexpected: false,
    }
  }
  if (
    isFastifyError(error) &&
    error.statusCode !== undefined &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  ) {
    const status = error.statusCode
    const code =
      FASTIFY_CODES[error.code] ??
      (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'INVALID_JSON' : 'BAD_REQUEST')
    const message = FASTIFY_MESSAGES[error.code] ?? error.message
    return { body: { statusCode: status, code, message }, unexpected: false }
  }
  return {
    body: { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' },
    unexpected: true,
  }
}

/** The answer to every call while the database cannot be reached: ask again after the wait, nothing was done. */
const TEMPORARILY_UNAVAILABLE: ErrorResponse = {
  statusCode: 503,
  code: 'TEMPORARILY_UNAVAILABLE',
  message: 'The service is temporarily unavailable; try again shortly',
  details: { wait: OUTAGE_RETRY_AFTER_SECONDS },
}

export const errorHandlerPlugin = globalPlugin<{
  resolveMessage: MessageResolver
  databaseOutage?: DatabaseOutage | undefined
}>('error-handler', async (app, { resolveMessage, databaseOutage }) => {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    // Logged once per outage by the outage itself, not once per request.
    if (databaseOutage?.absorbs(error)) {
      request.log.debug({ err: loggableError(error) }, 'database unreachable')
      return reply
        .code(503)
        .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
        .type('application/json; charset=utf-8')
        .send(TEMPORARILY_UNAVAILABLE)
    }
    const { body, unexpected } = toErrorResponse(error, resolveMessage)
    if (unexpected) request.log.error({ err: loggableError(error) }, 'unexpected error')
    else if (body.statusCode >= 500) request.log.warn({ errorCode: body.code }, body.message)
    // A 503 of an outside service (a chain endpoint) says when to ask again.
    if (error instanceof DomainError && error.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(error.retryAfterSeconds))
    return reply.code(body.statusCode).type('application/json; charset=utf-8').send(body)
  })

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorResponse = {
      statusCode: 404,
      code: 'NOT_FOUND',
      message: `Route ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)} not found`,
    }
    return reply.code(404).send(body)
  })
})
