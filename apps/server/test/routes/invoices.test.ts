/**
 * Withdrawals over HTTP: invoice creation and its guards, lists and ownership, the three payment requests
 * (validation, idempotent retries), operators' moves, and the ledger after each story.
 */
import { InvoiceDetailSchema, InvoicePageSchema, TransactionSchema } from '@app/contract'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createCursorCodec } from '#lib/cursor.ts'
import { createInvoiceService } from '#modules/invoices/service.ts'
import { type Call, newUser, userIdOf } from '../helpers/accounts.ts'
import { json, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk, VALID } from '../helpers/payments.ts'

const usdt = (n: number) => BigInt(Math.round(n * 1_000_000))

describe.each(DATABASE_KINDS)('withdrawals on %s', (kind) => {
  const t = useTestApp(kind)
  const ops = () => opsOf(t.app)

  async function userWith(nets: number[]) {
    const u = await newUser(t.app)
    const userId = await userIdOf(t.database.db, u.telegramId)
    const accounts = await acceptedAccounts(t.database.db, userId, nets.map(usdt))
    return { ...u, userId, accounts }
  }
  async function ledger() {
    return opsOk<{ totals: Record<string, string>; problems: string[] }>(ops(), 'GET', '/ops/ledger')
  }
  async function confirmedInvoice(nets: number[]) {
    const u = await userWith(nets)
    const created = await u.post('/invoices/request-invoice')
    expect(created.statusCode, created.body).toBe(201)
    const { uid } = json<{ uid: string }>(created)
    await opsOk(ops(), 'POST', `/ops/invoices/${uid}/confirm`)
    return { ...u, invoiceUid: uid }
  }

  /** The invoice's item in GET /invoices carries the same fields as GET /invoices/{id} (bar the transactions). */
  async function expectListMatchesDetail(u: { get: Call }, invoiceUid: string) {
    // The detail adds the transactions, the exact amount and the referral part of it (none: no referred users).
    const {
      transactions: _,
      referralEarnings,
      amountExact,
      ...detail
    } = InvoiceDetailSchema.parse(json(await u.get(`/invoices/${invoiceUid}`)))
    expect(referralEarnings).toBe(0)
    expect(Number(amountExact).toFixed(2)).toBe(detail.amount.toFixed(2))
    const page = InvoicePageSchema.parse(json(await u.get('/invoices?size=24')))
    expect(page.items.find((item) => item.uid === invoiceUid)).toEqual(detail)
    return detail
  }

  it('guards invoice creation with the spec codes and the numbers the dialogs show', async () => {
    await openPayments(ops(), { payment_open: false })
    const u = await userWith([1.5, 2.25])
    const closed = await u.post('/invoices/request-invoice')
    expect(closed.statusCode).toBe(400)
    expect(json(closed)).toMatchObject({ code: 'PAYMENT_CLOSED' })

    await openPayments(ops(), {
      min_payment_limit: '5',
      max_payment_limit: '100',
      invoice_delay_seconds: '3600',
    })
    const low = await u.post('/invoices/request-invoice')
    expect(low.statusCode).toBe(400)
    expect(json(low)).toMatchObject({ code: 'BALANCE_LOW_ERROR', details: { balance: 3.75, minimum: 5 } })

    await acceptedAccounts(t.database.db, u.userId, [usdt(200)])
    const high = await u.post('/invoices/request-invoice')
    expect(json(high)).toMatchObject({
      code: 'BALANCE_HIGH_ERROR',
      details: { balance: 203.75, maximum: 100 },
    })

    await opsOk(ops(), 'PUT', '/ops/settings/max_payment_limit', { value: '500' })
    const created = await u.post('/invoices/request-invoice')
    expect(created.statusCode, created.body).toBe(201)
    expect(json(created)).toEqual({ uid: expect.any(String), confirmationStatus: 'pending' })

    const dashboard = json<{ invoice: { paymentAvailable: number } }>(await u.get('/dashboard'))
    expect(dashboard.invoice.paymentAvailable).toBe(0)
    await acceptedAccounts(t.database.db, u.userId, [usdt(10)])
    const wait = await u.post('/invoices/request-invoice')
    expect(wait.statusCode).toBe(400)
    const body = json<{ code: string; details: { delay: number; wait: number } }>(wait)
    expect(body.code).toBe('ACTION_WAIT_REQUIRED_ERROR')
    expect(body.details.delay).toBe(3600)
    expect(body.details.wait).toBeGreaterThan(3500)
    expect(body.details.wait).toBeLessThanOrEqual(3600)
    await openPayments(ops())
    expect((await ledger()).problems).toEqual([])
  })

  it('an invoice stamped after this request read the clock (it waited for the lock) makes no one wait at delay 0', async () => {
    await openPayments(ops())
    const u = await userWith([2])
    expect((await u.post('/invoices/request-invoice')).statusCode).toBe(201)
    await acceptedAccounts(t.database.db, u.userId, [usdt(3)])
    const readBeforeTheLock = new Date(Date.now() - 5_000)
    const invoices = createInvoiceService({
      db: t.database.db,
      now: () => readBeforeTheLock,
      cursors: createCursorCodec('test'),
    })
    const created = await invoices.request(u.userId)
    expect(created.confirmationStatus).toBe('pending')
  })

  it('lists invoices, shows one with its accounts, and keeps other users out', async () => {
    await openPayments(ops())
    const u = await userWith([1, 2, 3])
    const { uid } = json<{ uid: string }>(await u.post('/invoices/request-invoice'))
    const page = InvoicePageSchema.parse(json(await u.get('/invoices')))
    expect(page.items).toEqual([
      expect.objectContaining({
        uid,
        amount: 6,
        currency: 'usdt',
        confirmationStatus: 'pending',
        paymentStatus: 'pending',
        isPaymentRequestAvailable: false,
      }),
    ])
    const detail = InvoiceDetailSchema.parse(json(await u.get(`/invoices/${uid}`)))
    expect(detail.transactions).toEqual([])
    const accounts = json<{ items: { uid: string; invoice_id: string }[]; total: number; nextPage: null }>(
      await u.get(`/invoices/${uid}/accounts?size=2`),
    )
    expect(accounts.total).toBe(3)
    expect(accounts.items).toHaveLength(2)
    expect(accounts.items.every((a) => a.invoice_id === uid)).toBe(true)
    const rest = json<{ items: unknown[] }>(
      await u.get(`/invoices/${uid}/accounts?size=2&cursor=${encodeURIComponent(String(accounts.nextPage))}`),
    )
    expect(rest.items).toHaveLength(1)
    // The accounts tabs list only accounts on no invoice.
    const tab = json<{ items: unknown[] }>(
      await u.get(`/accounts?filters=${encodeURIComponent('{"status":"accepted","noInvoice":true}')}`),
    )
    expect(tab.items).toEqual([])

    const other = await newUser(t.app)
    expect((await other.get(`/invoices/${uid}`)).statusCode).toBe(404)
    expect((await other.get(`/invoices/${uid}/accounts`)).statusCode).toBe(404)
    expect(json<{ items: unknown[] }>(await other.get('/invoices')).items).toEqual([])
    expect((await u.get('/invoices/not-a-uid')).statusCode).toBe(400)
    expect((await u.get('/invoices?cursor=forged')).statusCode).toBe(400)
  })

  it('pays out in USDT BEP20: fee, idempotent retry, one open transaction, operator records the payout', async () => {
    await openPayments(ops())
    const u = await userWith([4, 6.55])
    const { uid } = json<{ uid: string }>(await u.post('/invoices/request-invoice'))
    const body = { receiverAddress: VALID.bsc, network: 'BSC', token: 'USDT' }
    const early = await u.post(`/invoices/${uid}/request-payment-crypto`, body)
    expect(early.statusCode).toBe(409)
    expect(json(early)).toMatchObject({ code: 'PAYMENT_REQUEST_UNAVAILABLE' })
    await opsOk(ops(), 'POST', `/ops/invoices/${uid}/confirm`)
    expect(
      json<{ isPaymentRequestAvailable: boolean }>(await u.get(`/invoices/${uid}`)).isPaymentRequestAvailable,
    ).toBe(true)

    const badChecksum = await u.post(`/invoices/${uid}/request-payment-crypto`, {
      ...body,
      receiverAddress: VALID.bsc.replace('aAeb', 'aaEb'),
    })
    expect(badChecksum.statusCode).toBe(400)
    expect(json(badChecksum)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('receiverAddress'),
    })

    const first = await u.post(`/invoices/${uid}/request-payment-crypto`, body)
    expect(first.statusCode, first.body).toBe(201)
    const transaction = TransactionSchema.parse(json(first))
    expect(transaction).toMatchObject({
      invoiceUid: uid,
      currency: 'usdt',
      net: 10.25,
      rate: 1,
      userFee: 0.3,
      status: 'pending',
      paidAt: null,
      receiverAddress: VALID.bsc,
    })
    const retry = await u.post(`/invoices/${uid}/request-payment-crypto`, body)
    expect(retry.statusCode).toBe(200)
    expect(json<{ uid: string }>(retry).uid).toBe(transaction.uid)
    const other = await u.post(`/invoices/${uid}/request-payment`, {
      receiverAddress: VALID.tron,
      currency: 'trx',
    })
    expect(other.statusCode).toBe(409)
    const detail = InvoiceDetailSchema.parse(json(await u.get(`/invoices/${uid}`)))
    expect(detail.transactions.map((x) => x.uid)).toEqual([transaction.uid])
    expect(detail.isPaymentRequestAvailable).toBe(false)

    const noSender = await ops()('POST', `/ops/transactions/${transaction.uid}/succeed`, {
      txid: VALID.bscTxid,
    })
    expect(noSender.statusCode).toBe(400)
    const badTxid = await ops()('POST', `/ops/transactions/${transaction.uid}/succeed`, {
      txid: 'abc',
      senderAddress: VALID.bsc,
    })
    expect(badTxid.statusCode).toBe(400)
    await opsOk(ops(), 'POST', `/ops/transactions/${transaction.uid}/broadcast`)
    const paid = await opsOk(ops(), 'POST', `/ops/transactions/${transaction.uid}/succeed`, {
      txid: VALID.bscTxid,
      senderAddress: VALID.bsc,
    })
    expect(paid).toMatchObject({ status: 'success', net: '10.25', amount: '10.55' })
    const shown = TransactionSchema.parse(json(await u.get(`/transactions/${transaction.uid}`)))
    expect(shown).toMatchObject({ status: 'success', txid: VALID.bscTxid, senderAddress: VALID.bsc })
    expect(shown.paidAt).toEqual(expect.any(Number))
    const invoice = InvoiceDetailSchema.parse(json(await u.get(`/invoices/${uid}`)))
    expect(invoice.paymentStatus).toBe('success')
    expect((await u.post(`/invoices/${uid}/request-payment-crypto`, body)).statusCode).toBe(409)
    expect((await ops()('POST', `/ops/invoices/${uid}/reject`)).statusCode).toBe(409)
    expect((await ops()('POST', `/ops/transactions/${transaction.uid}/fail`)).statusCode).toBe(409)

    const stranger = await newUser(t.app)
    expect((await stranger.get(`/transactions/${transaction.uid}`)).statusCode).toBe(404)
    expect((await stranger.post(`/invoices/${uid}/request-payment-crypto`, body)).statusCode).toBe(404)
    expect((await ledger()).problems).toEqual([])
  })

  it('pays out in TRX at the rate of the request; a failed payout can be requested again', async () => {
    await openPayments(ops())
    const u = await confirmedInvoice([3.33])
    const body = { receiverAddress: VALID.tron, currency: 'trx' }
    const bad = await u.post(`/invoices/${u.invoiceUid}/request-payment`, {
      ...body,
      receiverAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u',
    })
    expect(bad.statusCode).toBe(400)
    const first = TransactionSchema.parse(
      json(await u.post(`/invoices/${u.invoiceUid}/request-payment`, body)),
    )
    // 3.33 USDT x 3.5 TRX = 11.655 TRX, rounded down to cents.
    expect(first).toMatchObject({ currency: 'trx', rate: 3.5, net: 11.65, userFee: 0 })
    await opsOk(ops(), 'PUT', '/ops/rates/USDTTRX', { price: '4' })
    await opsOk(ops(), 'POST', `/ops/transactions/${first.uid}/review`)
    expect(json<{ paymentStatus: string }>(await u.get(`/invoices/${u.invoiceUid}`)).paymentStatus).toBe(
      'review',
    )
    expect((await u.post(`/invoices/${u.invoiceUid}/request-payment`, body)).statusCode).toBe(200)
    await opsOk(ops(), 'POST', `/ops/transactions/${first.uid}/fail`)
    const invoice = InvoiceDetailSchema.parse(json(await u.get(`/invoices/${u.invoiceUid}`)))
    expect(invoice).toMatchObject({ paymentStatus: 'failed', isPaymentRequestAvailable: true })
    await expectListMatchesDetail(u, u.invoiceUid)
    const second = await u.post(`/invoices/${u.invoiceUid}/request-payment`, body)
    expect(second.statusCode).toBe(201)
    expect(json(second)).toMatchObject({ rate: 4, net: 13.32 })
    // The re-request is open: the invoice is not paid (no longer 'failed') and offers no other request, in the
    // list as in the detail.
    const reRequested = await expectListMatchesDetail(u, u.invoiceUid)
    expect(reRequested).toMatchObject({ paymentStatus: 'pending', isPaymentRequestAvailable: false })
    expect((await ledger()).problems).toEqual([])
  })

  it('shows the exact amount a payout is computed from, beside the cent the lists show', async () => {
    await openPayments(ops())
    const u = await confirmedInvoice([1.0685])
    const invoice = InvoiceDetailSchema.parse(json(await u.get(`/invoices/${u.invoiceUid}`)))
    expect([invoice.amount, invoice.amountExact]).toEqual([1.07, '1.0685'])
    // 1.0685 x 3.5 = 3.73975 TRX, down to the cent: 3.73 (the shown 1.07 would promise 3.74).
    const body = { receiverAddress: VALID.tron, currency: 'trx' }
    const paid = json(await u.post(`/invoices/${u.invoiceUid}/request-payment`, body))
    expect(paid).toMatchObject({ rate: 3.5, net: 3.73 })
  })

  it('pays out in toman: toman switch, card and IBAN checks, the saved card, whole toman', async () => {
    await openPayments(ops(), { toman_payment_open: false })
    const u = await confirmedInvoice([2.5])
    const card = { name: 'Reza', family: 'Karimi', number: VALID.card, iban: VALID.iban }
    const body = { bankCardCreate: card, currency: 'irt' }
    const closed = await u.post(`/invoices/${u.invoiceUid}/request-payment-irt`, body)
    expect(closed.statusCode).toBe(409)
    expect(json(closed)).toMatchObject({ code: 'PAYMENT_CLOSED' })
    await opsOk(ops(), 'PUT', '/ops/settings/toman_payment_open', { value: true })
    const badCard = await u.post(`/invoices/${u.invoiceUid}/request-payment-irt`, {
      ...body,
      bankCardCreate: { ...card, number: '6037991234567894' },
    })
    expect(badCard.statusCode).toBe(400)
    expect(json(badCard)).toMatchObject({ message: expect.stringContaining('شماره کارت نامعتبر است') })
    const badIban = await u.post(`/invoices/${u.invoiceUid}/request-payment-irt`, {
      ...body,
      bankCardCreate: { ...card, iban: 'IR920550012340000000123456' },
    })
    expect(json(badIban)).toMatchObject({ message: expect.stringContaining('شماره شبا نامعتبر است') })
    const created = await u.post(`/invoices/${u.invoiceUid}/request-payment-irt`, body)
    expect(created.statusCode, created.body).toBe(201)
    expect(json(created)).toMatchObject({
      currency: 'irt',
      rate: 98500,
      net: 246250,
      receiverAddress: VALID.iban,
    })
    const cards = json<{ items: { number: string; iban: string }[]; total: number }>(
      await u.get(
        `/bank-cards?size=24&sorts=${encodeURIComponent('[{"model":"BankCard","field":"created_at","direction":"desc"}]')}`,
      ),
    )
    expect(cards.total).toBe(1)
    expect(cards.items[0]).toMatchObject({ number: VALID.card, iban: VALID.iban, name: 'Reza' })
    expect((await u.get('/bank-cards?sorts=oops')).statusCode).toBe(400)
    const { uid } = json<{ uid: string }>(created)
    await opsOk(ops(), 'POST', `/ops/transactions/${uid}/fail`)
    expect((await u.post(`/invoices/${u.invoiceUid}/request-payment-irt`, body)).statusCode).toBe(201)
    expect(json<{ total: number }>(await u.get('/bank-cards')).total).toBe(1)
    expect(json(await u.get('/exchanges/USDTIRT'))).toEqual({ price: 98500 })
    expect((await u.get('/exchanges/BTCUSD')).statusCode).toBe(400)
  })

  it('the ledger names each kind of books that do not add up', async () => {
    await openPayments(ops())
    const u = await confirmedInvoice([2, 3])
    const [second] = await acceptedAccounts(t.database.db, u.userId, [usdt(4)])
    const db = t.database.db
    const problems = async () => (await ledger()).problems.join('\n')
    expect(await problems()).toBe('')
    // An account on an invoice that is no longer accepted: its net is on the invoice but not in the balance.
    await db.execute(sql`update accounts set status = 'rejected' where uid = ${u.accounts[0]}`)
    expect(await problems()).toMatch(
      new RegExp(`user ${u.telegramId}: accepted net .*\ninvoice ${u.invoiceUid}: holds account`),
    )
    await db.execute(sql`update accounts set status = 'accepted' where uid = ${u.accounts[0]}`)
    // An account moved onto the invoice behind its back: the amount no longer matches.
    await db.execute(
      sql`update accounts set invoice_id = (select id from invoices where uid = ${u.invoiceUid}) where uid = ${second}`,
    )
    expect(await problems()).toContain(
      `invoice ${u.invoiceUid}: amount 5000000 != net of its accounts 9000000`,
    )
    await db.execute(sql`update accounts set invoice_id = null where uid = ${second}`)
    // Paid without a successful payout.
    await db.execute(sql`update invoices set payment_status = 'success' where uid = ${u.invoiceUid}`)
    expect(await problems()).toContain(
      `invoice ${u.invoiceUid}: payment status success with 0 successful transactions`,
    )
    await db.execute(sql`update invoices set payment_status = 'pending' where uid = ${u.invoiceUid}`)
    expect(await problems()).toBe('')
  })

  // CPU-bound (250 generated requests): in CI's niced unit lane beside the browser it passed 30 s.
  it('answers any body, query or id with a 4xx, never a 5xx', async () => {
    await openPayments(ops())
    const u = await confirmedInvoice([3])
    const paths = [
      `/invoices/${u.invoiceUid}/request-payment`,
      `/invoices/${u.invoiceUid}/request-payment-crypto`,
      `/invoices/${u.invoiceUid}/request-payment-irt`,
      '/invoices/request-invoice',
    ]
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 3 }), async (path, body) => {
        const answer = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
        expect(answer.statusCode, answer.body).toBeLessThan(500)
      }),
      { numRuns: 150 },
    )
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (text) => {
        for (const url of [
          `/invoices/${encodeURIComponent(text)}`,
          `/invoices?cursor=${encodeURIComponent(text)}`,
          `/bank-cards?sorts=${encodeURIComponent(text)}`,
          `/transactions/${encodeURIComponent(text)}`,
          `/exchanges/${encodeURIComponent(text)}`,
        ]) {
          const answer = await u.get(url)
          expect(answer.statusCode, `${url}: ${answer.body}`).toBeLessThan(500)
        }
      }),
      { numRuns: 100 },
    )
    expect((await ledger()).problems).toEqual([])
  }, 90_000)

  it('rejecting an invoice gives its accounts back; an account on an invoice keeps its status', async () => {
    await openPayments(ops())
    const u = await userWith([5])
    const { uid } = json<{ uid: string }>(await u.post('/invoices/request-invoice'))
    const locked = await ops()('PUT', `/ops/accounts/${u.accounts[0]}/status`, { status: 'rejected' })
    expect(locked.statusCode).toBe(409)
    await opsOk(ops(), 'POST', `/ops/invoices/${uid}/validate`)
    expect((await ops()('POST', `/ops/invoices/${uid}/validate`)).statusCode).toBe(409)
    await opsOk(ops(), 'POST', `/ops/invoices/${uid}/reject`)
    expect(
      json<{ invoice: { paymentAvailable: number } }>(await u.get('/dashboard')).invoice.paymentAvailable,
    ).toBe(5)
    expect(
      (await ops()('PUT', `/ops/accounts/${u.accounts[0]}/status`, { status: 'rejected' })).statusCode,
    ).toBe(200)
    expect(
      (await ops()('POST', '/ops/invoices/00000000-0000-4000-8000-000000000000/confirm')).statusCode,
    ).toBe(404)
    expect((await ops()('POST', `/ops/invoices/${uid}/approve`)).statusCode).toBe(400)
    const report = await ledger()
    expect(report.problems).toEqual([])
  })
})
