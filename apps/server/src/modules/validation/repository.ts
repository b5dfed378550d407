/** The validation queue: claiming due accounts and recording outcomes (all SQL of the engine). */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { accounts } from '#db/schema.ts'
import { timestamptz } from '#db/timestamp.ts'
import type { AccountChecks, ValidationOutcome } from '#providers/account-provider.ts'

export type ClaimedAccount = {
  id: number
  phone: string
  submitType: 'login' | 'register'
  price: bigint
  validationAttempts: number
  claimToken: string
}

type ClaimRow = {
  id: string | number
  phone: string
  submit_type: 'login' | 'register'
  price: string
  validation_attempts: number
  claim_token: string
}

/**
 * Claims up to `limit` due accounts for this process. `FOR UPDATE SKIP LOCKED` lets concurrent
 * claimers pass over each other's rows instead of waiting, and the lease (claimed_until) plus a fresh
 * claim token keep a claimed row away from everyone else until it is finished or the lease runs out
 * (a crashed process). Only accounts still pending acceptance are validated: an operator's override
 * to accepted or rejected ends validation.
 */
export async function claimDueAccounts(
  db: Db,
  now: Date,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedAccount[]> {
  const leaseEnd = new Date(now.getTime() + leaseSeconds * 1000)
  const result = (await db.execute(sql`
    with due as (
      select id from accounts
      where validation_status in ('pending', 'review')
        and status = 'pending'
        and validation_at <= ${timestamptz(now)}
        and (claimed_until is null or claimed_until < ${timestamptz(now)})
      order by validation_at
      limit ${limit}
      for update skip locked
    )
    update accounts a
    set claimed_until = ${timestamptz(leaseEnd)}, claim_token = gen_random_uuid()
    from due
    where a.id = due.id
    returning a.id, a.phone, a.submit_type, a.price::text as price, a.validation_attempts, a.claim_token
  `)) as { rows: ClaimRow[] } // Both drivers (node-postgres, PGlite) answer { rows }.
  return result.rows.map((r) => ({
    id: Number(r.id),
    phone: r.phone,
    submitType: r.submit_type,
    price: BigInt(r.price),
    validationAttempts: r.validation_attempts,
    claimToken: r.claim_token,
  }))
}

export type ValidationResult = {
  status: 'pending' | 'accepted' | 'rejected'
  validationStatus: ValidationOutcome['validationStatus']
  validationAt: Date
  checks: AccountChecks
  checkLimitStatus: boolean
  limitStatus: ValidationOutcome['limitStatus']
  limitDiscount: number
  net: bigint
}

/** Records an outcome, only while this claim still holds (true when it did). */
export async function recordValidation(
  db: Db,
  claim: ClaimedAccount,
  result: ValidationResult,
): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({
      status: result.status,
      validationStatus: result.validationStatus,
      validationAt: result.validationAt,
      validationAttempts: sql`${accounts.validationAttempts} + 1`,
      ...result.checks,
      checkLimitStatus: result.checkLimitStatus,
      limitStatus: result.limitStatus,
      limitDiscount: result.limitDiscount,
      net: result.net,
      claimedUntil: null,
      claimToken: null,
      updatedAt: sql`now()`,
    })
    // Still pending: an operator's override (accepted, rejected) made meanwhile wins over this outcome,
    // and an accepted account may already be on an invoice, whose amount is its net.
    .where(
      and(
        eq(accounts.id, claim.id),
        eq(accounts.claimToken, claim.claimToken),
        eq(accounts.status, 'pending'),
      ),
    )
    .returning({ id: accounts.id })
  return rows.length === 1
}

/** Gives a claim back after a provider failure; the account is tried again at `retryAt`. */
export async function releaseClaim(db: Db, claim: ClaimedAccount, retryAt: Date): Promise<void> {
  await db
    .update(accounts)
    .set({ claimedUntil: null, claimToken: null, validationAt: retryAt, updatedAt: sql`now()` })
    .where(and(eq(accounts.id, claim.id), eq(accounts.claimToken, claim.claimToken)))
}
