import type { Db } from '../../db/client.ts'
import { validationError } from '../../lib/domain-error.ts'
import { findStoredSettings, insertSettingIfAbsent, upsertSetting } from './repository.ts'
import { SETTING_KEYS, SETTINGS, type SettingKey, type SettingsValues } from './settings-definitions.ts'

function decode<K extends SettingKey>(key: K, stored: unknown): SettingsValues[K] {
  return (SETTINGS[key].fromStored(stored) as SettingsValues[K] | undefined) ?? SETTINGS[key].default
}

/** Every setting, stored value or default. */
export async function getSettings(db: Db): Promise<SettingsValues> {
  const stored = await findStoredSettings(db, SETTING_KEYS)
  return {
    order_open: decode('order_open', stored.get('order_open')),
    payment_open: decode('payment_open', stored.get('payment_open')),
    toman_payment_open: decode('toman_payment_open', stored.get('toman_payment_open')),
    min_payment_limit: decode('min_payment_limit', stored.get('min_payment_limit')),
    max_payment_limit: decode('max_payment_limit', stored.get('max_payment_limit')),
    channel_username: decode('channel_username', stored.get('channel_username')),
    validation_delay_seconds: decode('validation_delay_seconds', stored.get('validation_delay_seconds')),
    invoice_delay_seconds: decode('invoice_delay_seconds', stored.get('invoice_delay_seconds')),
  }
}

export type SettingsDisplay = Record<SettingKey, boolean | string | null>

export function displaySettings(values: SettingsValues): SettingsDisplay {
  const shown = (key: SettingKey) =>
    (SETTINGS[key].toDisplay as (v: unknown) => boolean | string | null)(values[key])
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, shown(key)])) as SettingsDisplay
}

/** Validates operator input for one key and stores it; limits must keep min <= max. */
export async function setSetting(db: Db, key: SettingKey, input: unknown): Promise<SettingsValues> {
  const parsed = (
    SETTINGS[key].parse as (i: unknown) => { ok: true; value: unknown } | { ok: false; message: string }
  )(input)
  if (!parsed.ok) throw validationError(`${key}: ${parsed.message}`)
  return db.transaction(async (tx) => {
    const next = { ...(await getSettings(tx)), [key]: parsed.value } as SettingsValues
    if (next.min_payment_limit > next.max_payment_limit) {
      throw validationError('min_payment_limit must not be greater than max_payment_limit')
    }
    await upsertSetting(tx, key, (SETTINGS[key].toStored as (v: unknown) => unknown)(parsed.value))
    return next
  })
}

/** Stores defaults for keys never set, leaving operator choices alone. */
export async function ensureSettings(db: Db, values: Partial<SettingsValues>): Promise<void> {
  for (const key of SETTING_KEYS) {
    if (!(key in values)) continue
    const value = values[key]
    await insertSettingIfAbsent(db, key, (SETTINGS[key].toStored as (v: unknown) => unknown)(value))
  }
}
