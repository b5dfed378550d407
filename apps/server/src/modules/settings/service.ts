/** Operator settings: reading them for display, and changing one with its validation. */
import type { Db } from '../../db/client.ts'
import { validationError } from '../../lib/domain-error.ts'
import { readSettings, settingsChanged, upsertSetting } from './repository.ts'
import { SETTING_KEYS, SETTINGS, type SettingKey, type SettingsValues } from './settings-definitions.ts'

export type SettingsServiceDeps = { db: Db }
export type SettingsService = ReturnType<typeof createSettingsService>
export type SettingsDisplay = Record<SettingKey, boolean | string | null>

export function displaySettings(values: SettingsValues): SettingsDisplay {
  const shown = (key: SettingKey) =>
    (SETTINGS[key].toDisplay as (v: unknown) => boolean | string | null)(values[key])
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, shown(key)])) as SettingsDisplay
}

export function createSettingsService({ db }: SettingsServiceDeps) {
  return {
    /** Every setting as operators read it (JSON-friendly, exact). */
    async display(): Promise<SettingsDisplay> {
      return displaySettings(await readSettings(db))
    },

    /** Validates operator input for one key and stores it; limits must keep min <= max. Answers the shown value. */
    async set(key: SettingKey, input: unknown): Promise<{ key: SettingKey; value: boolean | string | null }> {
      const parsed = (
        SETTINGS[key].parse as (i: unknown) => { ok: true; value: unknown } | { ok: false; message: string }
      )(input)
      if (!parsed.ok) throw validationError(`${key}: ${parsed.message}`)
      const values = await db.transaction(async (tx) => {
        const next = { ...(await readSettings(tx)), [key]: parsed.value } as SettingsValues
        if (next.min_payment_limit > next.max_payment_limit) {
          throw validationError('min_payment_limit must not be greater than max_payment_limit')
        }
        await upsertSetting(tx, key, parsed.value)
        return next
      })
      // Again once committed: a read between the write and the commit may have kept the old values.
      settingsChanged()
      return { key, value: displaySettings(values)[key] }
    },
  }
}
