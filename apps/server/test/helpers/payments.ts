/** Helpers for withdrawal tests: accepted accounts with chosen nets, operator calls, payout settings. */
import { sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { Db } from '#db/client.ts'
import { bearer, TEST_OPS_TOKEN } from './app.ts'

/** Known-good payout details (checksums verified independently). */
export const VALID = {
  tron: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  bsc: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  card: '6037991234567893',
  iban: 'IR910550012340000000123456',
  trxTxid: 'a'.repeat(64),
  bscTxid: `0x${'b'.repeat(64)}`,
}

export type Ops = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) => Promise<LightMyRequestResponse>

export function opsOf(app: FastifyInstance): Ops {
  return (method, url, body) =>
    app.inject({
      method,
      url,
      headers: bearer(TEST_OPS_TOKEN),
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    })
}

/** Calls the operator API and expects success; answers the JSON body. */
export async function opsOk<T = Record<string, unknown>>(
  ops: Ops,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) {
  const response = await ops(method, url, body)
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200)
  return response.json() as T
}

/** Withdrawals open with easy limits, no delay between invoices, and both rates set. */
export async function openPayments(ops: Ops, overrides: Record<string, unknown> = {}): Promise<void> {
  const settings = {
    payment_open: true,
    toman_payment_open: true,
    min_payment_limit: '1',
    max_payment_limit: '1000',
    invoice_delay_seconds: '0',
    ...overrides,
  }
  for (const [key, value] of Object.entries(settings))
    await opsOk(ops, 'PUT', `/ops/settings/${key}`, { value })
  await opsOk(ops, 'PUT', '/ops/rates/USDTIRT', { price: '98500' })
  await opsOk(ops, 'PUT', '/ops/rates/USDTTRX', { price: '3.5' })
}

let nextPhone = 0
/** Inserts accepted accounts of the user with the given nets (USDT minor units); answers their uids. */
export async function acceptedAccounts(db: Db, userId: number, nets: bigint[]): Promise<string[]> {
  const uids: string[] = []
  for (const net of nets) {
    nextPhone += 1
    const phone = `+1888${String(process.pid % 1000).padStart(3, '0')}${String(nextPhone).padStart(7, '0')}`
    const result = (await db.execute(sql`
      insert into accounts (user_id, phone, country, price, net, submit_type, status, validation_status, validation_at)
      values (${userId}, ${phone}, 'US', ${net.toString()}::bigint, ${net.toString()}::bigint, 'login', 'accepted', 'success', now())
      returning uid`)) as { rows: { uid: string }[] }
    const uid = result.rows[0]?.uid
    if (!uid) throw new Error('account insert returned no uid')
    uids.push(uid)
  }
  return uids
}
