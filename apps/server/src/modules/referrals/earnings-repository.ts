/**
 * All SQL about referral earnings (docs/referrals.md): accrual when a referred user's account is accepted, removal
 * when an operator takes the acceptance back, and the referrer's balance side (attach to an invoice, release).
 * Every function runs inside the caller's database transaction (`tx`), next to the account or invoice change it
 * belongs with, so an earning and its account never disagree.
 */
import { and, eq, isNull, type SQLWrapper, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { invoices, referralEarnings } from '#db/schema.ts'

type Rows<T> = { rows: T[] }

/**
 * The referrer's share of an accepted account, once per account (the unique account_id makes a second accrual a
 * no-op): net x share / 10 000, floored to the USDT minor unit by the integer division. Nothing accrues when the
 * account's owner has no referrer, is their own referrer, the referrer is blocked (forfeit, docs/referrals.md), the
 * account is not accepted, or the share rounds to 0.
 * Answers the amount accrued (0n when none).
 */
export async function accrueReferralEarning(
  tx: Db,
  accountId: number,
  shareBasisPoints: number,
): Promise<bigint> {
  const result = (await tx.execute(sql`
    insert into referral_earnings (account_id, referrer_user_id, amount, share_basis_points)
    select a.id, u.referrer_user_id, (a.net * ${shareBasisPoints}::bigint) / 10000, ${shareBasisPoints}::int
    from accounts a join users u on u.id = a.user_id
    where a.id = ${accountId} and a.status = 'accepted'
      and u.referrer_user_id is not null and u.referrer_user_id <> a.user_id
      and not exists (select 1 from user_blocks b where b.user_id = u.referrer_user_id)
      and (a.net * ${shareBasisPoints}::bigint) / 10000 > 0
    on conflict (account_id) do nothing
    returning amount::text as amount`)) as Rows<{ amount: string }>
  return BigInt(result.rows[0]?.amount ?? '0')
}

export type EarningRemoval = 'none' | 'removed' | 'on_unpaid_invoice' | 'paid'

/**
 * The account left `accepted`: its earning goes away unless an invoice carries it. The delete waits for a
 * concurrent invoice that is attaching the earning and then re-checks `invoice_id is null`, so the earning is
 * either removed here or on that invoice, never both. Answers what became of it.
 */
export async function removeReferralEarning(tx: Db, accountId: number): Promise<EarningRemoval> {
  const removed = await tx
    .delete(referralEarnings)
    .where(and(eq(referralEarnings.accountId, accountId), isNull(referralEarnings.invoiceId)))
    .returning({ id: referralEarnings.id })
  if (removed.length > 0) return 'removed'
  const [held] = await tx
    .select({ paymentStatus: invoices.paymentStatus })
    .from(referralEarnings)
    .innerJoin(invoices, eq(invoices.id, referralEarnings.invoiceId))
    .where(eq(referralEarnings.accountId, accountId))
  if (!held) return 'none'
  return held.paymentStatus === 'success' ? 'paid' : 'on_unpaid_invoice'
}

/** Attaches every earning of the referrer on no invoice to this one; answers their sum (minor units). */
export async function attachAvailableEarnings(
  tx: Db,
  referrerUserId: number,
  invoiceId: number,
): Promise<bigint> {
  const attached = await tx
    .update(referralEarnings)
    .set({ invoiceId })
    .where(and(eq(referralEarnings.referrerUserId, referrerUserId), isNull(referralEarnings.invoiceId)))
    .returning({ amount: referralEarnings.amount })
  return attached.reduce((sum, row) => sum + row.amount, 0n)
}

/** A rejected invoice gives its earnings back to the referrer's available balance. */
export async function releaseInvoiceEarnings(tx: Db, invoiceId: number): Promise<void> {
  await tx.update(referralEarnings).set({ invoiceId: null }).where(eq(referralEarnings.invoiceId, invoiceId))
}

/** The part of an invoice's amount that is referral earnings (minor units). */
export async function invoiceEarningsAmount(db: Db, invoiceId: number): Promise<bigint> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${referralEarnings.amount}), 0)::text` })
    .from(referralEarnings)
    .where(eq(referralEarnings.invoiceId, invoiceId))
  return BigInt(row?.sum ?? '0')
}

/**
 * Earnings on no invoice: part of the referrer's available balance (minor units, as text), as a scalar subquery
 * (the dashboard's one statement).
 */
export const availableEarningsSql = (referrerUserId: number | SQLWrapper) => sql<string>`(
    select coalesce(sum(${referralEarnings.amount}), 0)::text from ${referralEarnings}
    where ${referralEarnings.referrerUserId} = ${referrerUserId} and ${referralEarnings.invoiceId} is null)`

/** Everything the referrer earned, and the part on invoices already paid (minor units). */
export async function earningTotals(
  db: Db,
  referrerUserId: number,
): Promise<{ total: bigint; paid: bigint }> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${referralEarnings.amount}), 0)::text`,
      paid: sql<string>`coalesce(sum(${referralEarnings.amount}) filter (where ${invoices.paymentStatus} = 'success'), 0)::text`,
    })
    .from(referralEarnings)
    .leftJoin(invoices, eq(invoices.id, referralEarnings.invoiceId))
    .where(eq(referralEarnings.referrerUserId, referrerUserId))
  return { total: BigInt(row?.total ?? '0'), paid: BigInt(row?.paid ?? '0') }
}
