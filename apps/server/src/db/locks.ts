import { eq } from 'drizzle-orm'
import type { Db } from './client.ts'
import { users } from './schema.ts'

/**
 * Locks the user's row until the transaction ends: a user's invoice creations, or registrations of a signed-in
 * user, run one after another in any process, on PGlite and PostgreSQL alike.
 */
export async function lockUser(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}
