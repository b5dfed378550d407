/**
 * CSV exports (docs/console.md, 'Exports') on both databases: invoices, payouts and the ledger of a period, UTF-8
 * with a BOM, plain decimal amounts with the currency in its own column, formulas and quotes escaped, read in
 * batches (ties of time included), each export audited with its period and row count.
 */
import { parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createExportService } from '#modules/exports/service.ts'
import { userIdOf } from '../helpers/accounts.ts'
import { authorize, bearer, json, TEST_OPS_TOKEN, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshTelegramUser } from '../helpers/init-data.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk, VALID } from '../helpers/payments.ts'

const BOM = '\uFEFF'
const today = () => new Date().toISOString().slice(0, 10)

/**
 * The CSV's rows as objects by header, after checking the BOM. Any of \r\n, \n and \r outside quotes ends a record,
 * as spreadsheets read it (csv-parse alone would take the first one it meets as the only one).
 */
function rowsOf(body: string): Record<string, string>[] {
  expect(body.startsWith(BOM)).toBe(true)
  return parse(body.slice(1), { columns: true, record_delimiter: ['\r\n', '\n', '\r'] }) as Record<
    string,
    string
  >[]
}

describe.each(DATABASE_KINDS)('CSV exports on %s', (kind) => {
  const t = useTestApp(kind)
  const ops = () => opsOf(t.app)
  const get = (path: string, token = TEST_OPS_TOKEN) =>
    t.app.inject({ method: 'GET', url: path, headers: bearer(token) })

  it('exports a paid invoice, its payout and the ledger of the day; escapes formulas, quotes and line breaks; audits each', async () => {
    await openPayments(ops())
    const tg = freshTelegramUser({ first_name: '=HYPERLINK("http://x","y")', last_name: 'رضایی "دوم"\nسوم' })
    const { accessToken } = await authorize(t.app, tg)
    const userId = await userIdOf(t.database.db, tg.id)
    const [account] = await acceptedAccounts(t.database.db, userId, [2_500_000n, 10_000_000n])
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/invoices/request-invoice',
      headers: bearer(accessToken),
    })
    expect(invoice.statusCode, invoice.body).toBe(201)
    const invoiceUid = json<{ uid: string }>(invoice).uid
    await opsOk(ops(), 'POST', `/ops/invoices/${invoiceUid}/confirm`)
    const card = { name: '+Reza', family: '-Karimi', number: VALID.card, iban: VALID.iban }
    const payout = await t.app.inject({
      method: 'POST',
      url: `/invoices/${invoiceUid}/request-payment-irt`,
      headers: bearer(accessToken),
      payload: { bankCardCreate: card, currency: 'irt' },
    })
    expect(payout.statusCode, payout.body).toBe(201)
    const payoutUid = json<{ uid: string }>(payout).uid
    await opsOk(ops(), 'POST', `/ops/transactions/${payoutUid}/succeed`, { txid: '-bank-ref-1' })

    const period = `from=${today()}&to=${today()}`
    const invoices = await get(`/ops/exports/invoices?${period}`)
    expect(invoices.statusCode, invoices.body).toBe(200)
    expect(invoices.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(invoices.headers['content-disposition']).toBe(
      `attachment; filename="invoices-${today()}-to-${today()}.csv"`,
    )
    // The raw text: a formula is quoted with a leading ', quotes doubled, the line break kept inside the quotes.
    expect(invoices.body).toContain(`"'=HYPERLINK(""http://x"",""y"")"`)
    expect(invoices.body).toContain('"رضایی ""دوم""\nسوم"')
    const [row, ...more] = rowsOf(invoices.body)
    expect(more).toEqual([])
    expect(row).toMatchObject({
      invoice: invoiceUid,
      telegram_id: String(tg.id),
      first_name: `'=HYPERLINK("http://x","y")`,
      last_name: 'رضایی "دوم"\nسوم',
      accounts: '2',
      amount: '12.5',
      currency: 'USDT',
      of_which_referral_earnings: '0',
      confirmation_status: 'confirmed',
      payment_status: 'success',
    })
    expect(row?.paid_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)

    const payouts = rowsOf((await get(`/ops/exports/payouts?${period}`)).body)
    expect(payouts).toEqual([
      expect.objectContaining({
        payout: payoutUid,
        invoice: invoiceUid,
        status: 'success',
        amount: '12.5',
        amount_currency: 'USDT',
        user_fee: '0',
        rate: '98500',
        // 12.5 x 98,500 toman: no grouping, no decimals.
        net: '1231250',
        net_currency: 'IRT',
        receiver: VALID.iban,
        card_holder: "'+Reza -Karimi",
        // Groups of four: a 16-digit number would be rounded by a spreadsheet.
        card_number: '6037 9912 3456 7893',
        txid: "'-bank-ref-1",
      }),
    ])

    // The demo's users have accounts accepted today too: this user's entries.
    const ledgerRows = rowsOf((await get(`/ops/exports/ledger?${period}`)).body)
    const ledger = ledgerRows.filter((r) => r.telegram_id === String(tg.id))
    expect(ledger.map((r) => [r.entry, r.credit, r.debit, r.currency])).toEqual([
      ['account_accepted', '2.5', '0', 'USDT'],
      ['account_accepted', '10', '0', 'USDT'],
      ['payout_succeeded', '0', '12.5', 'USDT'],
    ])
    expect(ledger[0]).toMatchObject({ object: account, telegram_id: String(tg.id) })
    expect(ledger[2]).toMatchObject({ object: payoutUid, invoice: invoiceUid, detail: 'IRT' })

    // A period with nothing in it: the header alone. Yesterday's export is audited too.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    const empty = await get(`/ops/exports/invoices?from=${yesterday}&to=${yesterday}`)
    expect(empty.body).toBe(
      `${BOM}invoice,created_at,telegram_id,user_uid,first_name,last_name,username,accounts,amount,currency,of_which_referral_earnings,confirmation_status,payment_status,paid_at\r\n`,
    )

    const audit = json<{ items: { actor: string; action: string; objectId: string; after: unknown }[] }>(
      await get('/ops/audit?objectType=export'),
    ).items
    expect(audit.map((r) => [r.actor, r.action, r.after])).toEqual([
      ['bootstrap', 'export.invoices', { from: yesterday, to: yesterday, rows: 0, complete: true }],
      ['bootstrap', 'export.ledger', { from: today(), to: today(), rows: ledgerRows.length, complete: true }],
      ['bootstrap', 'export.payouts', { from: today(), to: today(), rows: 1, complete: true }],
      ['bootstrap', 'export.invoices', { from: today(), to: today(), rows: 1, complete: true }],
    ])
  })

  it('keeps a hostile text in its cell in every text column of every export; no line of a cell starts a formula', async () => {
    await openPayments(ops())
    // Lone \n, lone \r, \r\n, separators (',' here, ';' and a tab in other locales), quotes and formula triggers, at
    // the start of a cell and at the start of a line inside it (a bank reference is letters, digits and dashes; a
    // toman payout's sender is free text).
    const tg = freshTelegramUser({
      first_name: "Ali\n=cmd|' /C calc'!A0",
      last_name: 'Rezaei\r@SUM(1+1)\n\uFF1D1+1',
      username: 'u;=1+1\t-2',
    })
    const { accessToken } = await authorize(t.app, tg)
    const userId = await userIdOf(t.database.db, tg.id)
    const [account] = await acceptedAccounts(t.database.db, userId, [5_000_000n])
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/invoices/request-invoice',
      headers: bearer(accessToken),
    })
    const invoiceUid = json<{ uid: string }>(invoice).uid
    await opsOk(ops(), 'POST', `/ops/invoices/${invoiceUid}/confirm`)
    const card = {
      name: 'Reza\r\n+1+1\n-2',
      family: 'Karimi,"q"\n\t=1',
      number: VALID.card,
      iban: VALID.iban,
    }
    const payout = await t.app.inject({
      method: 'POST',
      url: `/invoices/${invoiceUid}/request-payment-irt`,
      headers: bearer(accessToken),
      payload: { bankCardCreate: card, currency: 'irt' },
    })
    expect(payout.statusCode, payout.body).toBe(201)
    const payoutUid = json<{ uid: string }>(payout).uid
    await opsOk(ops(), 'POST', `/ops/transactions/${payoutUid}/succeed`, {
      txid: '-9-ref',
      senderAddress: '+bank\r\n=2+2',
    })

    const user = {
      telegram_id: String(tg.id),
      first_name: "Ali\n'=cmd|' /C calc'!A0",
      last_name: "Rezaei\r'@SUM(1+1)\n'\uFF1D1+1",
      username: 'u;=1+1\t-2',
    }
    const period = `from=${today()}&to=${today()}`
    const exported = async (kind: string) => {
      const response = await get(`/ops/exports/${kind}?${period}`)
      expect(response.statusCode, response.body).toBe(200)
      // Quoted for the spreadsheets whose separator is ; or a tab.
      expect(response.body).toContain('"u;=1+1\t-2"')
      const rows = rowsOf(response.body)
      for (const row of rows) {
        for (const cell of Object.values(row))
          expect(cell).not.toMatch(/(^|[\r\n])[=+\-@\t\uFF1D\uFF0B\uFF0D\uFF20]/)
      }
      return rows.filter(
        (row) => row.user_uid === rows.find((r) => r.telegram_id === user.telegram_id)?.user_uid,
      )
    }

    const invoices = await exported('invoices')
    expect(invoices).toEqual([expect.objectContaining({ invoice: invoiceUid, ...user, amount: '5' })])
    const payouts = await exported('payouts')
    expect(payouts).toEqual([
      expect.objectContaining({
        payout: payoutUid,
        ...user,
        card_holder: "Reza\r\n'+1+1\n'-2 Karimi,\"q\"\n'\t=1",
        card_number: '6037 9912 3456 7893',
        txid: "'-9-ref",
        sender: "'+bank\r\n'=2+2",
      }),
    ])
    const ledger = await exported('ledger')
    expect(ledger.map((r) => [r.entry, r.object, r.detail])).toEqual([
      ['account_accepted', account, expect.stringMatching(/^tel:\+1888\d{10}$/)],
      ['payout_succeeded', payoutUid, 'IRT'],
    ])
    for (const row of ledger) expect(row).toMatchObject(user)
  })

  it('refuses a period that ends before it starts or a day that is no day', async () => {
    const backwards = await get('/ops/exports/ledger?from=2026-11-02&to=2026-11-01')
    expect(backwards.statusCode).toBe(400)
    expect(json(backwards)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('to'),
    })
    expect((await get('/ops/exports/ledger?from=2026-02-30&to=2026-03-01')).statusCode).toBe(400)
    expect((await get('/ops/exports/ledger?from=2026-11-01')).statusCode).toBe(400)
  })

  it('refuses a day outside 2000-01-01..2099-12-31 with a 400 that names the range, for every export and the audit log', async () => {
    const far = ['0000-01-01', '1999-12-31', '2100-01-01', '9999-12-31']
    for (const kind of ['invoices', 'payouts', 'ledger']) {
      for (const day of far) {
        for (const period of [`from=${day}&to=2026-01-01`, `from=2026-01-01&to=${day}`]) {
          const response = await get(`/ops/exports/${kind}?${period}`)
          expect(response.statusCode, `${kind}?${period}: ${response.body}`).toBe(400)
          expect(json(response)).toMatchObject({
            code: 'VALIDATION_ERROR',
            message: expect.stringContaining('2000-01-01 to 2099-12-31'),
          })
        }
      }
    }
    expect((await get('/ops/exports/ledger?from=2000-01-01&to=2099-12-31')).statusCode).toBe(200)
    // The audit log's instants (ISO 8601 or epoch seconds) have the same bounds.
    for (const instant of [...far, '0000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '999999999999', '0']) {
      for (const field of ['from', 'to']) {
        const response = await get(`/ops/audit?${field}=${encodeURIComponent(instant)}`)
        expect(response.statusCode, `${field}=${instant}: ${response.body}`).toBe(400)
        expect(json(response)).toMatchObject({ message: expect.stringContaining('2000-01-01 to 2099-12-31') })
      }
    }
    expect((await get('/ops/audit?from=2000-01-01&to=2099-12-31T23:59:59Z')).statusCode).toBe(200)
  })

  it('reads a period in batches: rows made at the same instant are each written once, in order', async () => {
    const tg = freshTelegramUser({ first_name: 'Batch' })
    await authorize(t.app, tg)
    const userId = await userIdOf(t.database.db, tg.id)
    // 25 invoices at one instant and 3 a second later, in March 2020 (nothing else of this file lies there).
    await t.database.db.execute(sql`
      insert into invoices (user_id, amount, created_at)
      select ${userId}, n * 1000000, case when n <= 25 then '2020-03-05T10:00:00Z'::timestamptz
                                          else '2020-03-05T10:00:01Z'::timestamptz end
      from generate_series(1, 28) n`)
    const exports = createExportService({ db: t.database.db, exportBatchSize: 4 })
    const { stream } = exports.csv(
      'invoices',
      { from: '2020-03-01', to: '2020-03-31' },
      { id: null, login: 'test' },
    )
    let text = ''
    for await (const chunk of stream) text += String(chunk)
    const amounts = rowsOf(text).map((r) => Number(r.amount))
    expect(amounts).toEqual(Array.from({ length: 28 }, (_, i) => i + 1))
    // The ledger's accounts accepted at one instant, read 4 at a time.
    await t.database.db.execute(sql`
      insert into accounts (user_id, phone, country, price, net, submit_type, status, validation_status, validation_at)
      select ${userId}, '+1777000' || lpad(n::text, 4, '0'), 'US', n * 1000000, n * 1000000, 'login', 'accepted',
        'success', '2020-03-06T10:00:00Z'::timestamptz
      from generate_series(1, 9) n`)
    let ledger = ''
    for await (const chunk of exports.csv(
      'ledger',
      { from: '2020-03-06', to: '2020-03-06' },
      { id: null, login: 'test' },
    ).stream)
      ledger += String(chunk)
    expect(rowsOf(ledger).map((r) => Number(r.credit))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    const [, audited] = json<{ items: { actor: string; after: unknown }[] }>(
      await get('/ops/audit?objectType=export&actor=test'),
    ).items
    expect(audited?.after).toEqual({ from: '2020-03-01', to: '2020-03-31', rows: 28, complete: true })
  })

  it('a download that stops early is audited with the rows sent and complete: false', async () => {
    // 3,000 invoices in April 2020, far more than the stream's buffers hold: the reader stops after the first chunk.
    await t.database.db.execute(sql`
      insert into invoices (user_id, amount, created_at)
      select (select min(id) from users), n, '2020-04-10T00:00:00Z'::timestamptz + n * interval '1 second'
      from generate_series(1, 3000) n`)
    const exports = createExportService({ db: t.database.db, exportBatchSize: 100 })
    const period = { from: '2020-04-01', to: '2020-04-30' }
    const { stream } = exports.csv('invoices', period, { id: null, login: 'quitter' })
    for await (const _chunk of stream) break
    const audited = async () =>
      json<{ items: { after: { rows: number; complete: boolean } }[] }>(
        await get('/ops/audit?objectType=export&actor=quitter'),
      ).items[0]?.after
    await expect.poll(audited).toMatchObject({ ...period, complete: false })
    expect((await audited())?.rows).toBeLessThan(3000)
  })

  it('payouts need an operator; a viewer exports invoices and the ledger', async () => {
    // ops-access.test.ts checks every role against every route; here the rule reads as the docs say.
    const { opsExportCalls } = await import('@app/contract/ops')
    expect([opsExportCalls.invoices.role, opsExportCalls.payouts.role, opsExportCalls.ledger.role]).toEqual([
      'viewer',
      'operator',
      'viewer',
    ])
  })
})
