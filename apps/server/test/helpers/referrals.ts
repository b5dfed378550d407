/** Helpers for referral tests: users admitted through a code, pending accounts, operator flag changes. */
import type { ReferralStats } from '@app/contract'
import type { OpsUser } from '@app/contract/ops'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Db } from '#db/client.ts'
import { type Call, newUser, userIdOf } from './accounts.ts'
import { bearer, json, TEST_OPS_TOKEN } from './app.ts'

export type TestUser = { post: Call; get: Call; token: string; telegramId: number; userId: number }

/** A new user admitted through `code` (the start parameter), with GET/POST helpers and the database id. */
export async function userThrough(app: FastifyInstance, db: Db, code: string): Promise<TestUser> {
  const user = await newUser(app, code)
  return { ...user, userId: await userIdOf(db, user.telegramId) }
}

export async function referralStats(user: { get: Call }): Promise<ReferralStats> {
  const response = await user.get('/referrals/stats')
  expect(response.statusCode, response.body).toBe(200)
  return json<ReferralStats>(response)
}

let nextPhone = 0
/** A pending account of the user with this net (USDT minor units); answers its uid. */
export async function pendingAccount(db: Db, userId: number, net: bigint): Promise<string> {
  nextPhone += 1
  const phone = `+1777${String(process.pid % 1000).padStart(3, '0')}${String(nextPhone).padStart(7, '0')}`
  const result = (await db.execute(sql`
    insert into accounts (user_id, phone, country, price, net, submit_type, status, validation_at)
    values (${userId}, ${phone}, 'US', ${net.toString()}::bigint, ${net.toString()}::bigint, 'login', 'pending',
      now() + interval '1 day')
    returning uid`)) as { rows: { uid: string }[] }
  const uid = result.rows[0]?.uid
  if (!uid) throw new Error('account insert returned no uid')
  return uid
}

export function setAccountStatus(app: FastifyInstance, uid: string, status: string) {
  return app.inject({
    method: 'PUT',
    url: `/ops/accounts/${uid}/status`,
    headers: bearer(TEST_OPS_TOKEN),
    payload: { status },
  })
}

export function patchUser(app: FastifyInstance, telegramId: number | string, body: unknown) {
  return app.inject({
    method: 'PATCH',
    url: `/ops/users/${telegramId}`,
    headers: bearer(TEST_OPS_TOKEN),
    payload: body as object,
  })
}

export async function showUser(app: FastifyInstance, telegramId: number): Promise<OpsUser> {
  const response = await app.inject({
    method: 'GET',
    url: `/ops/users/${telegramId}`,
    headers: bearer(TEST_OPS_TOKEN),
  })
  expect(response.statusCode, response.body).toBe(200)
  return json<OpsUser>(response)
}

/** Earnings rows of a referrer, exact minor units. */
export async function earningsOf(db: Db, referrerUserId: number) {
  const result = (await db.execute(sql`
    select a.uid as account, e.amount::text as amount, e.share_basis_points as share,
      (select i.uid from invoices i where i.id = e.invoice_id) as invoice
    from referral_earnings e join accounts a on a.id = e.account_id
    where e.referrer_user_id = ${referrerUserId} order by e.id`)) as {
    rows: { account: string; amount: string; share: number; invoice: string | null }[]
  }
  return result.rows.map((r) => ({ ...r, amount: BigInt(r.amount) }))
}
