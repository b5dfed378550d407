import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { settings } from '../../db/schema.ts'

export async function findStoredSettings(db: Db, keys: readonly string[]): Promise<Map<string, unknown>> {
  // Raw `sql` on purpose: drizzle's jsonb decoder JSON.parses string values a second time, which
  // would turn the stored string "2500000" into a number.
  const rows = await db
    .select({ key: settings.key, value: sql<unknown>`${settings.value}` })
    .from(settings)
    .where(inArray(settings.key, [...keys]))
  return new Map(rows.map((r) => [r.key, r.value]))
}

/** JSON null must be stored as the jsonb value `null`, not as SQL NULL (which the driver would send). */
const asJsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`

export async function upsertSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value: asJsonb(value) })
    .onConflictDoUpdate({ target: settings.key, set: { value: asJsonb(value), updatedAt: sql`now()` } })
}

/** Sets the value only when the key has never been set (demo data must not override an operator). */
export async function insertSettingIfAbsent(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value: asJsonb(value) })
    .onConflictDoNothing({ target: settings.key })
}
