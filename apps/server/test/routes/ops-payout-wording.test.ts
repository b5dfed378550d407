/**
 * What the console needs to word payouts (issue 38, item 11), through the operator API on PGlite and PostgreSQL:
 * each payout names its user as invoices do (`firstName`), and the overview says which chains are read before a
 * payout is recorded (`chainCheck`), so that the 'Record the payout' dialog describes a chain check only where one
 * runs and otherwise says the payout is recorded unverified.
 */

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userIdOf } from '../helpers/accounts.ts'
import { authorize, bearer, buildAppOn, json, useTestApp } from '../helpers/app.ts'
import { chainConfigFor } from '../helpers/chain.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshTelegramUser } from '../helpers/init-data.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk, VALID } from '../helpers/payments.ts'

describe.each(DATABASE_KINDS)('payout wording data on %s', (kind) => {
  const t = useTestApp(kind)
  /** A second process of the same deployment with both chains' endpoints set (never called here). */
  let checked: FastifyInstance | undefined
  beforeAll(async () => {
    checked = await buildAppOn(t, {
      config: { chain: chainConfigFor('http://127.0.0.1:9', 'http://127.0.0.1:9') },
    })
  })
  afterAll(async () => {
    await checked?.close()
  })

  it('each payout names its user, as invoices do', async () => {
    const ops = opsOf(t.app)
    await openPayments(ops)
    const tg = freshTelegramUser({ first_name: 'سارا', last_name: 'رضایی', language_code: 'fa' })
    const { accessToken } = await authorize(t.app, tg)
    await acceptedAccounts(t.database.db, await userIdOf(t.database.db, tg.id), [5_000_000n])
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/invoices/request-invoice',
      headers: bearer(accessToken),
    })
    expect(invoice.statusCode, invoice.body).toBe(201)
    const invoiceUid = json<{ uid: string }>(invoice).uid
    await opsOk(ops, 'POST', `/ops/invoices/${invoiceUid}/confirm`)
    const paid = await t.app.inject({
      method: 'POST',
      url: `/invoices/${invoiceUid}/request-payment`,
      headers: bearer(accessToken),
      payload: { currency: 'trx', receiverAddress: VALID.tron },
    })
    expect(paid.statusCode, paid.body).toBe(201)
    const payoutUid = json<{ uid: string }>(paid).uid

    const list = await opsOk<{ items: { uid: string; telegramId: number; firstName: string }[] }>(
      ops,
      'GET',
      '/ops/transactions?status=pending',
    )
    expect(list.items.find((p) => p.uid === payoutUid)).toMatchObject({
      telegramId: tg.id,
      firstName: 'سارا',
    })
    // A move's answer too: the console's banner and row read it.
    const moved = await opsOk<{ firstName: string }>(ops, 'POST', `/ops/transactions/${payoutUid}/broadcast`)
    expect(moved.firstName).toBe('سارا')
  })

  it('the overview says which chains are read before a payout is recorded', async () => {
    const without = await opsOk<{ chainCheck: unknown }>(opsOf(t.app), 'GET', '/ops/overview')
    expect(without.chainCheck).toEqual({ trx: false, usdt: false })
    if (!checked) throw new Error('no second app')
    const withEndpoints = await opsOk<{ chainCheck: unknown }>(opsOf(checked), 'GET', '/ops/overview')
    expect(withEndpoints.chainCheck).toEqual({ trx: true, usdt: true })
  })
})
