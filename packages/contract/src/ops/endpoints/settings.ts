/** Settings: flags, limits, prices, delays (docs/console.md). */
import { defineEndpoint } from '../../endpoint.ts'
import {
  PendingSettingsSchema,
  PutSettingBodySchema,
  SettingParamsSchema,
  SettingProblemsSchema,
  SettingSchema,
  SettingsSchema,
} from '../settings.ts'
import { opsErrors } from './errors.ts'

export const list = defineEndpoint({
  method: 'GET',
  path: '/ops/settings',
  role: 'viewer',
  responses: { 200: SettingsSchema, ...opsErrors },
})

/** What does not work as configured: the bot not administering the channel, or unable to read it (docs/bot.md). */
export const problems = defineEndpoint({
  method: 'GET',
  path: '/ops/settings/problems',
  role: 'viewer',
  responses: { 200: SettingProblemsSchema, ...opsErrors },
})

/** Changes that wait before they apply (four eyes: a weaker payout_approval_above; docs/console.md). */
export const pending = defineEndpoint({
  method: 'GET',
  path: '/ops/settings/pending',
  role: 'viewer',
  responses: { 200: PendingSettingsSchema, ...opsErrors },
})

export const set = defineEndpoint({
  method: 'PUT',
  path: '/ops/settings/:key',
  role: 'admin',
  params: SettingParamsSchema,
  body: PutSettingBodySchema,
  responses: { 200: SettingSchema, ...opsErrors },
})
