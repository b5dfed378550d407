/**
 * Leases (table leases): work that one process at a time does for every process on a database (the bot's long
 * polling, a housekeeping round). A lease is free once it has run out; its holder may renew it when asked to.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { leases } from './schema.ts'
import { timestamptz } from './timestamp.ts'

/**
 * Takes the lease `name` for `holder` until `until` when it is free (or, with `renew`, already this holder's):
 * answers the position it holds (the polling offset), or undefined when someone else holds it.
 */
export async function takeLease(
  db: Db,
  lease: { name: string; holder: string; now: Date; until: Date; renew: boolean },
): Promise<number | undefined> {
  const result = (await db.execute(sql`
    insert into leases (name, holder, expires_at) values (${lease.name}, ${lease.holder}, ${timestamptz(lease.until)})
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
    where leases.expires_at <= ${timestamptz(lease.now)}
      ${lease.renew ? sql`or leases.holder = excluded.holder` : sql``}
    returning position
  `)) as { rows: { position: string | number }[] }
  const row = result.rows[0]
  return row === undefined ? undefined : Number(row.position)
}

/** Records how far the holder got; a holder that lost the lease writes nothing. */
export async function setLeasePosition(
  db: Db,
  name: string,
  holder: string,
  position: number,
): Promise<void> {
  await db
    .update(leases)
    .set({ position })
    .where(and(eq(leases.name, name), eq(leases.holder, holder)))
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db
    .update(leases)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(and(eq(leases.name, name), eq(leases.holder, holder)))
}

/**
 * Claims this interval's round of a job that one process a round does for all (housekeeping, the ledger check): true
 * when this holder got it. The claim lasts 90 % of the interval, so the next tick of any process after that takes
 * the next round, and is not renewed by its holder either: an earlier tick of this process leaves the round to the
 * next interval.
 */
export async function claimRound(
  db: Db,
  round: { name: string; holder: string; now: Date; intervalMs: number },
): Promise<boolean> {
  const until = new Date(round.now.getTime() + Math.max(1000, round.intervalMs * 0.9))
  const lease = { name: round.name, holder: round.holder, now: round.now, until, renew: false }
  return (await takeLease(db, lease)) !== undefined
}
