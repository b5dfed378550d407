import * as z from 'zod/mini'

/**
 * `GET /readyz` (and `GET /healthz`, its older name): 200 ok while the database answers and holds every migration
 * the process knows, 503 unavailable when it does not; `database` and `migrations` say which failed.
 */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.optional(z.enum(['ok', 'unreachable'])),
  migrations: z.optional(z.enum(['current', 'behind', 'unknown'])),
})

/** `GET /livez`: the process runs and answers; it never asks the database. */
export const LivenessSchema = z.object({ status: z.literal('ok') })
