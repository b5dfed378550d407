/** Request and response schemas of the operator API (shared by the API and the CLI). */
import { ReferralCodeSchema } from '@app/contract'
import { z } from 'zod'
import { SETTING_KEYS } from '../modules/settings/settings-definitions.ts'

export const CreateInviteBodySchema = z.object({ code: ReferralCodeSchema.optional() }).strict()
export const InviteSchema = z.object({ code: z.string() })

const SettingValueSchema = z.union([z.boolean(), z.string(), z.null()])
export const SettingsSchema = z.record(z.string(), SettingValueSchema)
export const SettingParamsSchema = z.object({
  key: z.enum(SETTING_KEYS as [string, ...string[]], {
    error: `unknown setting; one of ${SETTING_KEYS.join(', ')}`,
  }),
})
export const PutSettingBodySchema = z.object({
  value: z.union([z.boolean(), z.string().max(64), z.number(), z.null()]),
})
export const SettingSchema = z.object({ key: z.string(), value: SettingValueSchema })
