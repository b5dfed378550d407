/**
 * Health for process managers and load balancers (docs/resilience.md, 'Outages'): `/livez` is the process,
 * `/readyz` the process able to serve (database reachable, migrations current, asked at most once a second);
 * `/healthz` answers as `/readyz`.
 */
import { ErrorResponseSchema as e } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import { HealthSchema, LivenessSchema } from '../health.ts'

export const check = defineEndpoint({
  method: 'GET',
  path: '/healthz',
  auth: 'none',
  // 429: a budget per address of its own (a flood of probes; the API's calls do not spend it).
  responses: { 200: HealthSchema, 429: e, 503: HealthSchema },
})

export const ready = defineEndpoint({
  method: 'GET',
  path: '/readyz',
  auth: 'none',
  // 429: a budget per address of its own (a flood of probes; the API's calls do not spend it).
  responses: { 200: HealthSchema, 429: e, 503: HealthSchema },
})

export const live = defineEndpoint({
  method: 'GET',
  path: '/livez',
  auth: 'none',
  responses: { 200: LivenessSchema },
})
