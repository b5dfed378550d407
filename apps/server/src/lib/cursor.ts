/**
 * Opaque keyset cursors for every list (accounts, invoices, bank cards): a position (created_at with microseconds, id) and a
 * direction, signed with HMAC so that a tampered or made-up cursor is a 400, never a query with
 * values we did not produce.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import * as z from 'zod/mini'
import { validationError } from './domain-error.ts'

/** created_at as to_char(... 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') renders it in UTC. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

const PositionSchema = z.strictObject({
  t: z.string().check(z.regex(TIMESTAMP)),
  i: z.int().check(z.positive()),
  /** n: the page after this position; p: the page before it. */
  d: z.enum(['n', 'p']),
})
export type CursorPosition = z.infer<typeof PositionSchema>

export type CursorCodec = {
  encode(position: CursorPosition): string
  decode(cursor: string): CursorPosition
}

export function createCursorCodec(key: string): CursorCodec {
  const sign = (payload: string) =>
    createHmac('sha256', `account-cursor:${key}`).update(payload).digest().subarray(0, 16)
  return {
    encode(position) {
      const payload = Buffer.from(JSON.stringify(position)).toString('base64url')
      return `${payload}.${sign(payload).toString('base64url')}`
    },
    decode(cursor) {
      const invalid = () => validationError('cursor: invalid cursor')
      const [payload, signature, extra] = cursor.split('.')
      if (payload === undefined || signature === undefined || extra !== undefined) throw invalid()
      // Compared as text: decoding would ignore the last character's padding bits, so four spellings would pass.
      const given = Buffer.from(signature)
      const expected = Buffer.from(sign(payload).toString('base64url'))
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid()
      let parsed: unknown
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
      } catch {
        throw invalid()
      }
      const position = PositionSchema.safeParse(parsed)
      if (!position.success) throw invalid()
      return position.data
    },
  }
}
