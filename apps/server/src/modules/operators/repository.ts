/** Operators' and their sessions' SQL. */
import { and, asc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { operatorSessions, operators } from './schema.ts'

export type OperatorRow = typeof operators.$inferSelect

export async function findOperatorByLogin(db: Db, login: string, forUpdate = false) {
  const query = db.select().from(operators).where(eq(operators.login, login))
  const [row] = await (forUpdate ? query.for('update') : query)
  return row
}

export async function findOperatorByApiTokenHash(db: Db, hash: string) {
  const [row] = await db.select().from(operators).where(eq(operators.apiTokenHash, hash))
  return row
}

/** Records a use of the operator's API token, unless one at or after `unlessSince` is recorded already. */
export async function touchApiToken(db: Db, id: number, at: Date, unlessSince: Date) {
  await db
    .update(operators)
    .set({ apiTokenLastUsedAt: at })
    .where(
      and(
        eq(operators.id, id),
        or(isNull(operators.apiTokenLastUsedAt), lt(operators.apiTokenLastUsedAt, unlessSince)),
      ),
    )
}

/** No API token: what log out everywhere, a credential reset and a disable leave. */
export const NO_API_TOKEN = { apiTokenHash: null, apiTokenIssuedAt: null, apiTokenLastUsedAt: null }

/** Ends the operator's API token; answers whether there was one. */
export async function endApiToken(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set(NO_API_TOKEN)
    .where(and(eq(operators.id, id), isNotNull(operators.apiTokenHash)))
    .returning({ id: operators.id })
  return rows.length > 0
}

export const listOperators = (db: Db) => db.select().from(operators).orderBy(asc(operators.login))

export async function insertOperator(db: Db, values: typeof operators.$inferInsert) {
  const [row] = await db.insert(operators).values(values).onConflictDoNothing().returning()
  return row
}

export async function updateOperator(db: Db, id: number, values: Partial<typeof operators.$inferInsert>) {
  const [row] = await db.update(operators).set(values).where(eq(operators.id, id)).returning()
  if (row === undefined) throw new Error(`operator ${id} vanished`)
  return row
}

export async function insertSession(
  db: Db,
  values: { tokenHash: string; operatorId: number; createdAt: Date; expiresAt: Date },
) {
  await db.insert(operatorSessions).values({ ...values, lastSeenAt: values.createdAt })
}

export async function findLiveSession(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)))
  return row
}

export async function touchSession(db: Db, id: number, at: Date) {
  await db.update(operatorSessions).set({ lastSeenAt: at }).where(eq(operatorSessions.id, id))
}

export async function revokeSession(db: Db, id: number, at: Date) {
  await db.update(operatorSessions).set({ revokedAt: at }).where(eq(operatorSessions.id, id))
}

/** Ends every live session of an operator; answers how many. */
export async function revokeSessionsOf(db: Db, operatorId: number, at: Date): Promise<number> {
  const rows = await db
    .update(operatorSessions)
    .set({ revokedAt: at })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)))
    .returning({ id: operatorSessions.id })
  return rows.length
}
