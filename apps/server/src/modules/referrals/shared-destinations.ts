/**
 * Self-referral signs (docs/referrals.md, 'Shared destinations'): a referrer and someone they referred who are paid
 * to the same wallet, card or sheba are likely one person. Operators see the pairs on the user (`GET
 * /ops/users/{telegramId}`), and a payout request that makes or repeats such a pair is written to the audit log.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { users } from '#db/schema.ts'
import { appendAudit } from '../audit/service.ts'

export type SharedKind = 'wallet' | 'card' | 'sheba'
export type Destination = { kind: SharedKind; value: string }
export type SharedDestination = {
  relation: 'referrer' | 'referral'
  telegramId: number | null
  uid: string
  shared: SharedKind[]
}

/** Who checks: the audit log's actor of what this module writes. */
const REFERRAL_CHECK = { id: null, login: 'referral-check' }

/** `mine` as a relation of (kind, value): the given details, or every one the user was ever paid to. */
function detailsOf(userId: number, details: Destination[] | undefined) {
  if (details !== undefined) {
    if (details.length === 0) return sql`select null::text as kind, null::text as value where false`
    return sql`select * from (values ${sql.join(
      details.map(
        (d) => sql`(${d.kind}::text, ${d.kind === 'wallet' ? d.value.toLowerCase() : d.value}::text)`,
      ),
      sql`, `,
    )}) as d(kind, value)`
  }
  return sql`
    select 'wallet'::text as kind, lower(t.receiver_address) as value
      from transactions t join invoices i on i.id = t.invoice_id
      where i.user_id = ${userId} and t.currency <> 'irt'
    union select 'card', b.number from bank_cards b where b.user_id = ${userId}
    union select 'sheba', b.iban from bank_cards b where b.user_id = ${userId}`
}

/**
 * The user's referrer and referrals who were paid (or asked to be paid) to one of the user's payout details, or to
 * one of `details` when given; each with what they share, oldest user first.
 */
export async function findSharedDestinations(
  db: Db,
  userId: number,
  details?: Destination[],
): Promise<SharedDestination[]> {
  const result = (await db.execute(sql`
    with me as (select id, referrer_user_id from users where id = ${userId}),
    mine as (${detailsOf(userId, details)}),
    theirs as (
      select t.user_id, 'wallet'::text as kind from transactions t
        where t.currency <> 'irt' and lower(t.receiver_address) in (select value from mine where kind = 'wallet')
      union select b.user_id, 'card' from bank_cards b where b.number in (select value from mine where kind = 'card')
      union select b.user_id, 'sheba' from bank_cards b where b.iban in (select value from mine where kind = 'sheba')
    )
    select o.telegram_id, o.uid::text as uid,
      case when o.id = me.referrer_user_id then 'referrer' else 'referral' end as relation,
      array_agg(distinct th.kind order by th.kind) as shared
    from theirs th join users o on o.id = th.user_id cross join me
    where o.id <> me.id and (o.id = me.referrer_user_id or o.referrer_user_id = me.id)
    group by o.id, o.telegram_id, o.uid, me.referrer_user_id
    order by o.id`)) as {
    rows: {
      telegram_id: string | number | null
      uid: string
      relation: SharedDestination['relation']
      shared: SharedKind[] | string
    }[]
  }
  return result.rows.map((row) => ({
    relation: row.relation,
    telegramId: row.telegram_id === null ? null : Number(row.telegram_id),
    uid: row.uid,
    shared:
      typeof row.shared === 'string'
        ? (row.shared.replace(/[{}]/g, '').split(',') as SharedKind[])
        : row.shared,
  }))
}

/** In the payout request's transaction: an audit row per referrer or referral paid to one of these details. */
export async function auditSharedDestinations(
  tx: Db,
  userId: number,
  transactionUid: string,
  details: Destination[],
): Promise<void> {
  const pairs = await findSharedDestinations(tx, userId, details)
  if (pairs.length === 0) return
  const [user] = await tx
    .select({ telegramId: users.telegramId, uid: users.uid })
    .from(users)
    .where(eq(users.id, userId))
  for (const pair of pairs) {
    await appendAudit(tx, REFERRAL_CHECK, {
      action: 'referral.shared-payout',
      objectType: 'user',
      objectId: String(user?.telegramId ?? user?.uid ?? userId),
      reason: `Paid to the same ${pair.shared.join(', ')} as their ${pair.relation}: possibly one person`,
      after: { transaction: transactionUid, ...pair },
    })
  }
}
