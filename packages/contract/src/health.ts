import * as z from 'zod/mini'

/** `GET /healthz`: 200 ok while the database answers, 503 unavailable when it does not. */
export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) })
