/**
 * Health for process managers and load balancers (docs/resilience.md, 'Outages'): `/livez` is the process,
 * `/readyz` the process able to serve (database reachable, migrations current); `/healthz` answers as `/readyz`.
 */
import { defineEndpoint } from '../endpoint.ts'
import { HealthSchema, LivenessSchema } from '../health.ts'

export const check = defineEndpoint({
  method: 'GET',
  path: '/healthz',
  auth: 'none',
  responses: { 200: HealthSchema, 503: HealthSchema },
})

export const ready = defineEndpoint({
  method: 'GET',
  path: '/readyz',
  auth: 'none',
  responses: { 200: HealthSchema, 503: HealthSchema },
})

export const live = defineEndpoint({
  method: 'GET',
  path: '/livez',
  auth: 'none',
  responses: { 200: LivenessSchema },
})
