/** All SQL about settings; values leave decoded (typed, defaulted) by the definitions. */
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { preparedPerDb } from '#db/prepared.ts'
import { pendingSettings, settings } from '#db/schema.ts'
import { SETTING_KEYS, SETTINGS, type SettingKey, type SettingsValues } from './settings-definitions.ts'

// Raw `sql` on purpose: drizzle's jsonb decoder JSON.parses string values a second time, which would turn the
// stored string "2500000" into a number.
const storedSettings = preparedPerDb((db) =>
  db
    .select({ key: settings.key, value: sql<unknown>`${settings.value}` })
    .from(settings)
    .where(inArray(settings.key, [...SETTING_KEYS]))
    .prepare('settings_read'),
)

async function findStoredSettings(db: Db): Promise<Map<string, unknown>> {
  const rows = await storedSettings(db).execute()
  return new Map(rows.map((r) => [r.key, r.value]))
}

function decode<K extends SettingKey>(key: K, stored: unknown): SettingsValues[K] {
  return (SETTINGS[key].fromStored(stored) as SettingsValues[K] | undefined) ?? SETTINGS[key].default
}

/**
 * Every setting, stored value or default. Services read it with their own `db` or, inside a database
 * transaction, with its `tx`, so a decision and the change it guards see the same values.
 */
export async function readSettings(db: Db): Promise<SettingsValues> {
  const stored = await findStoredSettings(db)
  return {
    order_open: decode('order_open', stored.get('order_open')),
    payment_open: decode('payment_open', stored.get('payment_open')),
    toman_payment_open: decode('toman_payment_open', stored.get('toman_payment_open')),
    min_payment_limit: decode('min_payment_limit', stored.get('min_payment_limit')),
    max_payment_limit: decode('max_payment_limit', stored.get('max_payment_limit')),
    channel_username: decode('channel_username', stored.get('channel_username')),
    validation_delay_seconds: decode('validation_delay_seconds', stored.get('validation_delay_seconds')),
    invoice_delay_seconds: decode('invoice_delay_seconds', stored.get('invoice_delay_seconds')),
    referral_share_percent: decode('referral_share_percent', stored.get('referral_share_percent')),
    new_user_can_referrer: decode('new_user_can_referrer', stored.get('new_user_can_referrer')),
    new_user_can_add_account: decode('new_user_can_add_account', stored.get('new_user_can_add_account')),
    new_user_can_register_account: decode(
      'new_user_can_register_account',
      stored.get('new_user_can_register_account'),
    ),
    email_allowed_domains: decode('email_allowed_domains', stored.get('email_allowed_domains')),
    payout_approval_above: decode('payout_approval_above', stored.get('payout_approval_above')),
    rate_step_percent: decode('rate_step_percent', stored.get('rate_step_percent')),
    rate_usdtirt_min: decode('rate_usdtirt_min', stored.get('rate_usdtirt_min')),
    rate_usdtirt_max: decode('rate_usdtirt_max', stored.get('rate_usdtirt_max')),
    rate_usdttrx_min: decode('rate_usdttrx_min', stored.get('rate_usdttrx_min')),
    rate_usdttrx_max: decode('rate_usdttrx_max', stored.get('rate_usdttrx_max')),
  }
}

/** A change of a guarded setting that waits (docs/console.md, 'Four eyes'), its value decoded. */
export type PendingSetting = { key: SettingKey; value: unknown; effectiveAt: Date; requestedBy: string }

/** Every waiting change, due or not, by key. Rows of keys this version does not know are left out. */
export async function findPendingSettings(db: Db): Promise<PendingSetting[]> {
  const rows = await db
    .select({
      key: pendingSettings.key,
      value: sql<unknown>`${pendingSettings.value}`,
      effectiveAt: pendingSettings.effectiveAt,
      requestedBy: pendingSettings.requestedBy,
    })
    .from(pendingSettings)
    .orderBy(asc(pendingSettings.key))
  return rows.flatMap((row) => {
    if (!(SETTING_KEYS as readonly string[]).includes(row.key)) return []
    const key = row.key as SettingKey
    const value = SETTINGS[key].fromStored(row.value)
    return value === undefined ? [] : [{ ...row, key, value }]
  })
}

/**
 * The settings in force at `at`: the stored values, with every waiting change that is due by then in place of its
 * key's. A decision about a guarded setting (four eyes) reads this, never `readSettings`, in its transaction.
 */
export async function readSettingsAt(db: Db, at: Date): Promise<SettingsValues> {
  const values = await readSettings(db)
  for (const change of await findPendingSettings(db))
    if (change.effectiveAt <= at) Object.assign(values, { [change.key]: change.value })
  return values
}

export async function upsertPendingSetting(
  db: Db,
  change: { key: SettingKey; value: unknown; effectiveAt: Date; requestedBy: string; requestedAt: Date },
): Promise<void> {
  const row = { ...change, value: asJsonb(toStored(change.key, change.value)) }
  const { key: _key, ...set } = row
  await db.insert(pendingSettings).values(row).onConflictDoUpdate({ target: pendingSettings.key, set })
}

export async function deletePendingSetting(db: Db, key: SettingKey): Promise<void> {
  await db.delete(pendingSettings).where(eq(pendingSettings.key, key))
}

/** How long read paths keep the settings they read (docs/resilience.md, 'Load'). */
export const SETTINGS_CACHE_MS = 1000

/** Writes of settings made by this process: a copy read before the latest one is stale. */
let settingsWrites = 0

/** Marks every kept copy of the settings in this process stale (each write does, and the service after its commit). */
export function settingsChanged(): void {
  settingsWrites += 1
}

/**
 * The settings for read paths that run on every screen (the dashboard, channel status): kept for `maxAgeMs` after
 * a read, one read at a time, and read again at once after a write of this process. Another process's write shows
 * within `maxAgeMs`. A decision never uses this: it reads `readSettings(tx)` in the transaction it guards.
 */
export function cachedSettingsReader(
  db: Db,
  options: { maxAgeMs?: number; clock?: () => number } = {},
): () => Promise<SettingsValues> {
  const maxAgeMs = options.maxAgeMs ?? SETTINGS_CACHE_MS
  const clock = options.clock ?? (() => performance.now())
  let kept: { writes: number; until: number; values: Promise<SettingsValues> } | undefined
  return () => {
    const now = clock()
    if (kept && kept.writes === settingsWrites && kept.until > now) return kept.values
    const entry = { writes: settingsWrites, until: now + maxAgeMs, values: readSettings(db) }
    kept = entry
    // A failed read is not kept: the next call reads again.
    entry.values.catch(() => {
      if (kept === entry) kept = undefined
    })
    return entry.values
  }
}

const toStored = (key: SettingKey, value: unknown) =>
  (SETTINGS[key].toStored as (v: unknown) => unknown)(value)

/** JSON null must be stored as the jsonb value `null`, not as SQL NULL (which the driver would send). */
const asJsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`

export async function upsertSetting(db: Db, key: SettingKey, value: unknown): Promise<void> {
  const stored = asJsonb(toStored(key, value))
  await db
    .insert(settings)
    .values({ key, value: stored })
    .onConflictDoUpdate({ target: settings.key, set: { value: stored, updatedAt: sql`now()` } })
  settingsChanged()
}

/** Stores the given values for keys never set, leaving operator choices alone (demo data). */
export async function insertSettingsIfAbsent(db: Db, values: Partial<SettingsValues>): Promise<void> {
  for (const key of SETTING_KEYS) {
    if (!(key in values)) continue
    await db
      .insert(settings)
      .values({ key, value: asJsonb(toStored(key, values[key])) })
      .onConflictDoNothing({ target: settings.key })
  }
  settingsChanged()
}
