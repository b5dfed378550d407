/**
 * The claim both outboxes share (the bot's and the email's): `FOR UPDATE SKIP LOCKED`, a lease, a fresh claim
 * token, and the test that a finish still holds its claim. One SQL for both tables, so a fix to one is a fix to both.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { botOutbox, emailOutbox } from './schema.ts'
import { timestamptz } from './timestamp.ts'

const tables = { bot_outbox: botOutbox, email_outbox: emailOutbox } as const
export type OutboxTableName = keyof typeof tables

/** A claimed row's handle: a finish (sent, failed) applies only while the claim is still this one. */
export type OutboxClaim = { id: number; claimToken: string }

/** The row is still ours: same id, same claim token, still sending (an expired claim taken over is not). */
export function ownClaim(table: OutboxTableName, claim: OutboxClaim): SQL | undefined {
  const t = tables[table]
  return and(eq(t.id, claim.id), eq(t.claimToken, claim.claimToken), eq(t.status, 'sending'))
}

/**
 * Claims up to `limit` due rows of `table` for this process: pending ones whose time has come, and ones whose
 * claimer's lease ran out (a process that died mid-send). `FOR UPDATE SKIP LOCKED` lets concurrent claimers pass
 * over each other's rows; the fresh claim token makes a late finish of an expired claim a no-op. `also` narrows
 * the due rows further (the row is `o`); `columns` are returned besides id, attempts and claim_token.
 */
export async function claimDueRows<Row>(
  db: Db,
  claim: {
    table: OutboxTableName
    now: Date
    limit: number
    leaseSeconds: number
    columns: readonly string[]
    also?: SQL | undefined
  },
): Promise<(Row & { id: string | number; attempts: number; claim_token: string })[]> {
  const { now } = claim
  const leaseEnd = new Date(now.getTime() + claim.leaseSeconds * 1000)
  const table = sql.raw(claim.table)
  const returning = sql.raw(
    ['id', 'attempts', 'claim_token', ...claim.columns].map((c) => `o.${c}`).join(', '),
  )
  const result = (await db.execute(sql`
    with due as (
      select o.id from ${table} o
      where ((o.status = 'pending' and o.next_attempt_at <= ${timestamptz(now)})
          or (o.status = 'sending' and o.claimed_until < ${timestamptz(now)}))
        ${claim.also === undefined ? sql`` : sql`and ${claim.also}`}
      order by o.next_attempt_at, o.id
      limit ${claim.limit}
      for update of o skip locked
    )
    update ${table} o
    set status = 'sending', claimed_until = ${timestamptz(leaseEnd)}, claim_token = gen_random_uuid(),
      attempts = o.attempts + 1
    from due
    where o.id = due.id
    returning ${returning}
  `)) as { rows: (Row & { id: string | number; attempts: number; claim_token: string })[] }
  return result.rows
}
