/** Liveness and readiness in one: healthy when the database answers. */
import { defineEndpoint } from '../endpoint.ts'
import { HealthSchema } from '../health.ts'

export const check = defineEndpoint({
  method: 'GET',
  path: '/healthz',
  auth: 'none',
  responses: { 200: HealthSchema, 503: HealthSchema },
})
