import * as z from 'zod/mini'

/**
 * The days an operator's query may name (exports, the audit log), both included. Far dates are a 400 that says so:
 * the database cannot hold year 0 or five-digit years (issue 37, N6), and no row of ours lies outside.
 */
export const DATE_RANGE = { first: '2000-01-01', last: '2099-12-31' } as const
const IN_RANGE = `from ${DATE_RANGE.first} to ${DATE_RANGE.last}`
const FIRST_INSTANT = Date.parse(`${DATE_RANGE.first}T00:00:00Z`)
const END_INSTANT = Date.parse(`${DATE_RANGE.last}T00:00:00Z`) + 24 * 3600 * 1000

/** A UTC day, `YYYY-MM-DD`, in DATE_RANGE. */
export const DaySchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD'),
  z.refine((day) => day >= DATE_RANGE.first && day <= DATE_RANGE.last, `a day ${IN_RANGE}`),
)

/** ISO 8601 or epoch seconds (digits only), as the instant it names. */
function instantOf(text: string): Date {
  return /^\d{1,12}$/.test(text) ? new Date(Number(text) * 1000) : new Date(text)
}

const inRange = (text: string) => {
  const time = instantOf(text).getTime()
  return time >= FIRST_INSTANT && time < END_INSTANT
}

/**
 * A query string's instant in DATE_RANGE, parsed to a Date. Written as a string piped to a transform (not
 * `z.coerce.date()`), so that the OpenAPI document can describe what is sent: a string.
 */
export const InstantQuerySchema = z.pipe(
  z
    .string()
    .check(
      z.maxLength(40),
      z.refine(inRange, { error: `must be an ISO 8601 date or epoch seconds, ${IN_RANGE}` }),
    ),
  z.transform(instantOf),
)
