import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { secrets } from '../../db/schema.ts'

/**
 * Returns the named secret, creating it on first use. INSERT ... ON CONFLICT DO NOTHING and then
 * reading back means every process racing at first start ends up with the same value.
 */
export async function getOrCreateSecret(db: Db, name: string, generate: () => string): Promise<string> {
  await db.insert(secrets).values({ name, value: generate() }).onConflictDoNothing({ target: secrets.name })
  const [row] = await db.select({ value: secrets.value }).from(secrets).where(eq(secrets.name, name))
  if (!row) throw new Error(`secret ${name} vanished after insert`)
  return row.value
}
