/**
 * How the configuration reads the environment's text: the shared parsers of each area's variables
 * (config/*.ts), and the one error a wrong setting raises.
 */
import * as z from 'zod/mini'

/** How a database outbox's worker runs (mail and bot messages alike). */
export type OutboxConfig = {
  pollMs: number
  batchSize: number
  maxAttempts: number
  backoffBaseMs: number
  backoffMaxMs: number
  leaseSeconds: number
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export const booleanFlag = z.pipe(
  z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']),
  z.transform((v) => ['1', 'true', 'yes', 'on'].includes(v)),
)

export const optionalString = z.pipe(
  z.optional(z.string()),
  z.transform((v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim())),
)

/** An optional string that, when given, has at least `min` characters. */
export const optionalSecret = (min: number) =>
  optionalString.check(
    z.refine((v) => v === undefined || v.length >= min, { message: `must be at least ${min} characters` }),
  )

/** A whole number from the environment's text; `fallback` when unset. */
export const wholeNumber = (fallback: number, ...checks: z.core.$ZodCheck<number>[]) =>
  z._default(z.coerce.number().check(z.int(), ...checks), fallback)

/** A whole number from the environment's text, or undefined when unset (its default depends on other settings). */
export const optionalWholeNumber = (...checks: z.core.$ZodCheck<number>[]) =>
  z.optional(z.coerce.number().check(z.int(), ...checks))

/** Each variable given must be an http(s) URL. */
export function requireHttpUrls(urls: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(urls)) {
    if (value !== undefined && !/^https?:\/\/[^\s]+$/.test(value))
      throw new ConfigError(`${name} must be an http(s) URL`)
  }
}
