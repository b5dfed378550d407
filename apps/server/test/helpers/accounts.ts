/** Helpers for account tests: drive the /telegram flows and make accounts due. */
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { Db } from '#db/client.ts'
import { users } from '#db/schema.ts'
import { SANDBOX_LOGIN_CODE, SANDBOX_PASSWORD } from '#providers/sandbox/scenarios.ts'
import { authorize, bearer } from './app.ts'
import { freshTelegramUser, type TestTelegramUser } from './init-data.ts'

export type Call = (url: string, payload?: unknown) => Promise<LightMyRequestResponse>

/** A new authorized user and a POST helper with its token. */
export async function newUser(
  app: FastifyInstance,
  /** The start parameter that admits the user (default: the demo referral code). */
  code?: string,
  /** The Telegram user's own fields (their language). */
  telegram: Partial<TestTelegramUser> = {},
): Promise<{ post: Call; get: Call; token: string; telegramId: number }> {
  const tg = freshTelegramUser(telegram)
  const { accessToken } = await authorize(app, tg, code === undefined ? undefined : { startParam: code })
  const headers = bearer(accessToken)
  return {
    token: accessToken,
    telegramId: tg.id,
    post: (url, payload) =>
      app.inject({
        method: 'POST',
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    get: (url) => app.inject({ method: 'GET', url, headers }),
  }
}

let nextOrdinary = 0
/** An Iranian mobile number in no sandbox entry (an ordinary account), unique in this process. */
export function ordinaryPhone(): string {
  nextOrdinary += 1
  const n = (process.pid * 7919 + nextOrdinary * 104729 + Math.floor(Math.random() * 1000)) % 10_000_000
  return `+98935${String(n).padStart(7, '0')}`
}

/** The whole login flow for a number without 2FA or email; answers the submit-account response. */
export async function submitOrdinaryAccount(post: Call, phone: string, submitType = 'login') {
  expect((await post('/telegram/submit-account-phone', { phone, submitType })).statusCode).toBe(200)
  const code = await post('/telegram/submit-account-code', { code: SANDBOX_LOGIN_CODE })
  if (code.statusCode === 303) {
    expect((await post('/telegram/submit-account-password', { password: SANDBOX_PASSWORD })).statusCode).toBe(
      200,
    )
  } else expect(code.statusCode).toBe(200)
  const submitted = await post('/telegram/submit-account')
  expect(submitted.statusCode, submitted.body).toBe(200)
  return submitted.json() as { uid: string; phone: string; status: string }
}

/** The database id of the user with this Telegram id. */
export async function userIdOf(db: Db, telegramId: number): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.telegramId, telegramId))
  if (!row) throw new Error(`no user ${telegramId}`)
  return row.id
}

/**
 * Bulk-inserts `count` accounts for one user in one statement: phones +1999<prefix><n>, statuses
 * cycling pending/accepted/rejected, created_at three to a second (ties, so the id tie-break matters).
 */
export async function insertAccounts(
  db: Db,
  userId: number,
  count: number,
  options: { prefix?: number; status?: 'cycle' | 'pending'; validationAt?: Date } = {},
): Promise<void> {
  const prefix = options.prefix ?? 0
  const status =
    options.status === 'pending' ? sql`'pending'` : sql`(array['pending','accepted','rejected'])[1 + g % 3]`
  const validationAt = (options.validationAt ?? new Date()).toISOString()
  await db.execute(sql`
    insert into accounts (user_id, phone, country, price, net, submit_type, status, validation_at, created_at)
    select ${userId}, '+1999' || lpad((${prefix}::bigint * 10000000 + g)::text, 10, '0'), 'US', 2000000, 2000000,
      case when g % 4 = 0 then 'register' else 'login' end, ${status}, ${validationAt}::timestamptz,
      timestamptz '2025-01-01 00:00:00+00' + (g / 3) * interval '1 second'
    from generate_series(1, ${count}) g
  `)
}
