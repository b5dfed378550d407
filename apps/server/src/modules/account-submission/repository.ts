/**
 * In-progress submission flows (table submission_flows) and the user flags they depend on.
 */
import { and, eq, getTableColumns, gt, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { type FlowPurpose, type FlowState, submissionFlows, users } from '#db/schema.ts'
import { timestamptz } from '#db/timestamp.ts'

export type { FlowPurpose, FlowState }
export type Flow = typeof submissionFlows.$inferSelect
export type NewFlow = Omit<typeof submissionFlows.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>

const flowColumns = getTableColumns(submissionFlows)

export type UserFlags = {
  canAddAccount: boolean
  canRegisterAccount: boolean
  phoneCountry: string | null
  languageCode: string | null
}

/** What a flow needs of its user: the flags that allow it, and what picks a typed number's country. */
export async function findUserFlags(db: Db, userId: number): Promise<UserFlags | undefined> {
  const [row] = await db
    .select({
      canAddAccount: users.canAddAccount,
      canRegisterAccount: users.canRegisterAccount,
      phoneCountry: users.phoneCountry,
      languageCode: users.languageCode,
    })
    .from(users)
    .where(eq(users.id, userId))
  return row
}

/** Remembers the country the user picked on a phone screen. */
export async function setPhoneCountry(db: Db, userId: number, country: string): Promise<void> {
  await db
    .update(users)
    .set({ phoneCountry: country, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`${users.phoneCountry} is distinct from ${country}`))
}

/** Starts a flow, replacing the user's previous one of the same purpose (one active flow each). */
export async function replaceFlow(db: Db, flow: NewFlow): Promise<Flow> {
  const { userId: _userId, purpose: _purpose, ...rest } = flow
  const [row] = await db
    .insert(submissionFlows)
    .values(flow)
    .onConflictDoUpdate({
      target: [submissionFlows.userId, submissionFlows.purpose],
      set: {
        ...rest,
        id: sql`gen_random_uuid()`,
        attempts: 0,
        email: flow.email ?? null,
        emailCodeLength: flow.emailCodeLength ?? null,
        createdAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    })
    .returning(flowColumns)
  if (!row) throw new Error('flow upsert returned nothing')
  return row
}

export async function findFlow(
  db: Db,
  where: { userId: number; purpose: FlowPurpose; id?: string },
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<Flow | undefined> {
  const query = db
    .select(flowColumns)
    .from(submissionFlows)
    .where(
      and(
        eq(submissionFlows.userId, where.userId),
        eq(submissionFlows.purpose, where.purpose),
        where.id === undefined ? undefined : eq(submissionFlows.id, where.id),
        gt(submissionFlows.expiresAt, timestamptz(now)),
      ),
    )
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

/** The user's flow as stored, ended or not (`findFlow` answers only a live one). */
export async function findStoredFlow(
  db: Db,
  where: { userId: number; purpose: FlowPurpose; id?: string },
): Promise<Flow | undefined> {
  const [row] = await db
    .select(flowColumns)
    .from(submissionFlows)
    .where(
      and(
        eq(submissionFlows.userId, where.userId),
        eq(submissionFlows.purpose, where.purpose),
        where.id === undefined ? undefined : eq(submissionFlows.id, where.id),
      ),
    )
  return row
}

/**
 * Moves a flow on, only if it is still in the state the caller saw: of two requests racing on the
 * same step, one wins and the other finds nothing (and answers as if the flow had moved on).
 */
export async function advanceFlow(
  db: Db,
  id: string,
  fromState: FlowState,
  changes: Partial<NewFlow>,
): Promise<Flow | undefined> {
  const [row] = await db
    .update(submissionFlows)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(submissionFlows.id, id), eq(submissionFlows.state, fromState)))
    .returning(flowColumns)
  return row
}

/** Counts one wrong answer; answers the attempts made so far. */
export async function countFailedAttempt(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(submissionFlows)
    .set({ attempts: sql`${submissionFlows.attempts} + 1`, updatedAt: sql`now()` })
    .where(eq(submissionFlows.id, id))
    .returning({ attempts: submissionFlows.attempts })
  return row?.attempts ?? Number.POSITIVE_INFINITY
}

export async function deleteFlow(db: Db, id: string): Promise<void> {
  await db.delete(submissionFlows).where(eq(submissionFlows.id, id))
}
