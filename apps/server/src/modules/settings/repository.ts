import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { settings } from '../../db/schema.ts'

export async function findStoredSettings(db: Db, keys: readonly string[]): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]))
  return new Map(rows.map((r) => [r.key, r.value]))
}

export async function upsertSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } })
}

/** Sets the value only when the key has never been set (demo data must not override an operator). */
export async function insertSettingIfAbsent(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key })
}
