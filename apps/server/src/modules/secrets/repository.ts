import { and, eq, not, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { secrets } from '#db/schema.ts'
import { isSealed, openSecret, sealSecret, unsealSecret } from './sealing.ts'

/**
 * Production without SECRETS_KEY (config.ts lets it start only with AUTH_SECRET and the bot token configured, so
 * nothing is generated): a key that refuses to seal.
 */
export const noSecretsKey = Buffer.alloc(0)

/** Names of secrets still stored in plain text. */
export async function plainSecretNames(db: Db): Promise<string[]> {
  const rows = await db
    .select({ name: secrets.name })
    .from(secrets)
    .where(not(sql`${secrets.value} like 'sealed:%'`))
  return rows.map((r) => r.name)
}

/**
 * Returns the named secret, creating it (sealed) on first use. INSERT ... ON CONFLICT DO NOTHING and then reading
 * back means every process racing at first start ends up with the same value.
 */
export async function getOrCreateSecret(
  db: Db,
  secretsKey: Buffer,
  name: string,
  generate: () => string,
): Promise<string> {
  await db
    .insert(secrets)
    .values({ name, value: sealSecret(secretsKey, name, generate()) })
    .onConflictDoNothing({ target: secrets.name })
  const [row] = await db.select({ value: secrets.value }).from(secrets).where(eq(secrets.name, name))
  if (!row) throw new Error(`secret ${name} vanished after insert`)
  return openSecret(secretsKey, name, row.value)
}

/**
 * Seals every secret still stored in plain text (rows written before sealing existed); answers their names. The
 * update is conditional on the plain value, so processes doing it at once agree. Run at every start.
 */
export async function sealPlainSecrets(db: Db, secretsKey: Buffer): Promise<string[]> {
  const plain = await db
    .select({ name: secrets.name, value: secrets.value })
    .from(secrets)
    .where(not(sql`${secrets.value} like 'sealed:%'`))
  const sealed: string[] = []
  for (const row of plain) {
    if (isSealed(row.value)) continue
    const updated = await db
      .update(secrets)
      .set({ value: sealSecret(secretsKey, row.name, row.value) })
      .where(and(eq(secrets.name, row.name), eq(secrets.value, row.value)))
      .returning({ name: secrets.name })
    if (updated.length > 0) sealed.push(row.name)
  }
  return sealed
}

/**
 * Rotating SECRETS_KEY: every row sealed with the previous key is sealed again with the new one; answers their names.
 * A row that opens with neither is left for the start to refuse. Conditional on the old value, like the sealing above,
 * so processes starting together agree; the values do not change.
 */
export async function resealSecrets(db: Db, secretsKey: Buffer, previousKey: Buffer): Promise<string[]> {
  const rows = await db
    .select({ name: secrets.name, value: secrets.value })
    .from(secrets)
    .where(sql`${secrets.value} like 'sealed:%'`)
  const resealed: string[] = []
  for (const row of rows) {
    if (unsealSecret(secretsKey, row.name, row.value) !== undefined) continue
    const value = unsealSecret(previousKey, row.name, row.value)
    if (value === undefined) continue
    const updated = await db
      .update(secrets)
      .set({ value: sealSecret(secretsKey, row.name, value) })
      .where(and(eq(secrets.name, row.name), eq(secrets.value, row.value)))
      .returning({ name: secrets.name })
    if (updated.length > 0) resealed.push(row.name)
  }
  return resealed
}
