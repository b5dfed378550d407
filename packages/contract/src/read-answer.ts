import { safeParse } from 'zod/v4/core'
import type { Answer, Endpoint } from './endpoint.ts'

/**
 * A success answer read with the call's schema for its status: an answer the call does not declare, or a body that
 * does not fit, is a failure (an error state for the client, never data). A 204 has no body: it reads as null.
 */
export function readAnswer<E extends Endpoint>(
  endpoint: E,
  status: number,
  body: unknown,
): { ok: true; data: Answer<E> } | { ok: false; issues: readonly unknown[] } {
  const schema = status >= 200 && status < 300 ? endpoint.responses[status] : undefined
  if (schema === undefined) return { ok: false, issues: [`no ${status} answer declared`] }
  const parsed = safeParse(schema, status === 204 ? null : body)
  return parsed.success
    ? { ok: true, data: parsed.data as Answer<E> }
    : { ok: false, issues: parsed.error.issues }
}
