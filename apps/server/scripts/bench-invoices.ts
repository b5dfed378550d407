/**
 * Withdrawal costs through the whole Fastify stack (app.inject): creating an invoice that attaches
 * 100 / 1,000 / 10,000 accepted accounts in one database transaction, paging an invoice's accounts
 * (first page and one 200 pages deep), the invoice list of a user with 1,000 invoices, and the ledger
 * report over every row. PGlite always; PostgreSQL with TEST_DATABASE_URL or --pg URL.
 *
 *   npx tsx apps/server/scripts/bench-invoices.ts [--pg postgres://...] [--requests 200] [--only pglite|postgres]
 * Not part of npm test: it prints figures, it does not judge them.
 */
import { sql } from 'drizzle-orm'
import { BENCH_OPS_TOKEN, benchUser, openBenchApp, timeGets } from './bench-support.ts'

const args = process.argv.slice(2)
const option = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const REQUESTS = Number(option('--requests') ?? 200)
const PG_URL = option('--pg') ?? process.env.TEST_DATABASE_URL
const ONLY = option('--only')
const SIZES = [100, 1_000, 10_000]
const TRIES = 3

const lines: string[] = []
const report = (kind: string, what: string, figures: string) =>
  lines.push(`${kind.padEnd(9)} ${what.padEnd(44)} ${figures}`)
const ms = (n: number) => n.toFixed(2).padStart(8)

async function bench(kind: 'pglite' | 'postgres') {
  const bench = await openBenchApp(kind, PG_URL)
  const { app, database } = bench
  const ops = (method: 'PUT' | 'GET', url: string, payload?: Record<string, unknown>) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${BENCH_OPS_TOKEN}` },
      ...(payload ? { payload } : {}),
    })
  try {
    for (const [key, value] of [
      ['payment_open', true],
      ['max_payment_limit', '1000000'],
      ['min_payment_limit', '1'],
      ['invoice_delay_seconds', '0'],
    ] as const) {
      await ops('PUT', `/ops/settings/${key}`, { value })
    }
    let telegramId = 995_000_000
    const nextTelegramId = () => {
      telegramId += 1
      return telegramId
    }
    let phonePrefix = 10
    let bigInvoice: { uid: string; headers: Record<string, string> } | undefined
    for (const size of SIZES) {
      const times: number[] = []
      for (let t = 0; t < TRIES; t += 1) {
        const user = await benchUser(bench, nextTelegramId())
        phonePrefix += 1
        await database.db.execute(sql`
          insert into accounts (user_id, phone, country, price, net, submit_type, status, validation_status, validation_at)
          select ${user.userId}, '+' || ${phonePrefix}::text || lpad(g::text, 8, '0'), 'US', 2000000, 2000000, 'login',
            'accepted', 'success', now()
          from generate_series(1, ${size}) g`)
        const t0 = process.hrtime.bigint()
        const created = await app.inject({
          method: 'POST',
          url: '/invoices/request-invoice',
          headers: user.headers,
        })
        times.push(Number(process.hrtime.bigint() - t0) / 1e6)
        if (created.statusCode !== 201)
          throw new Error(`request-invoice: ${created.statusCode} ${created.body}`)
        if (size === 10_000)
          bigInvoice = { uid: (created.json() as { uid: string }).uid, headers: user.headers }
      }
      times.sort((a, b) => a - b)
      report(kind, `request-invoice attaching ${size} accounts`, `median ${ms(times[1] ?? 0)} ms of ${TRIES}`)
    }
    if (!bigInvoice) throw new Error('no 10,000-account invoice')
    await database.db.execute(sql`vacuum analyze accounts`)
    const { uid, headers } = bigInvoice
    const first = await timeGets(app, () => `/invoices/${uid}/accounts`, headers, REQUESTS)
    report(
      kind,
      'invoice accounts, first page of 24 (of 10,000)',
      `p50 ${ms(first.p50)}  p99 ${ms(first.p99)} ms`,
    )
    let cursor: string | null = null
    for (let page = 0; page < 200; page += 1) {
      const query: string = cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`
      const answer = await app.inject({ method: 'GET', url: `/invoices/${uid}/accounts${query}`, headers })
      cursor = (answer.json() as { nextPage: string | null }).nextPage
    }
    const deep = await timeGets(
      app,
      () => `/invoices/${uid}/accounts?cursor=${encodeURIComponent(cursor ?? '')}`,
      headers,
      REQUESTS,
    )
    report(kind, 'invoice accounts, page 201', `p50 ${ms(deep.p50)}  p99 ${ms(deep.p99)} ms`)

    const many = await benchUser(bench, nextTelegramId())
    await database.db.execute(sql`
      insert into invoices (user_id, amount, confirmation_status, payment_status, created_at)
      select ${many.userId}, 0, 'rejected', 'pending', now() - g * interval '1 minute' from generate_series(1, 1000) g`)
    await database.db.execute(sql`vacuum analyze invoices`)
    const list = await timeGets(app, () => '/invoices', many.headers, REQUESTS)
    report(kind, 'invoice list, first page (user with 1,000)', `p50 ${ms(list.p50)}  p99 ${ms(list.p99)} ms`)

    const counted = (await database.db.execute(sql`select count(*)::int as n from accounts`)) as {
      rows: { n: number }[]
    }
    const ledgerTimes: number[] = []
    for (let i = 0; i < 5; i += 1) {
      const t0 = process.hrtime.bigint()
      const answer = await ops('GET', '/ops/ledger')
      ledgerTimes.push(Number(process.hrtime.bigint() - t0) / 1e6)
      if ((answer.json() as { problems: string[] }).problems.length > 0)
        throw new Error(`ledger: ${answer.body}`)
    }
    ledgerTimes.sort((a, b) => a - b)
    report(
      kind,
      `ledger report over ${counted.rows[0]?.n} accounts`,
      `median ${ms(ledgerTimes[2] ?? 0)} ms of 5`,
    )
  } finally {
    await bench.close()
  }
}

if (ONLY !== 'postgres') await bench('pglite')
if (PG_URL && ONLY !== 'pglite') await bench('postgres')
else process.stderr.write('PostgreSQL skipped: set TEST_DATABASE_URL or pass --pg URL\n')
process.stdout.write(
  `\nWithdrawals (app.inject), ${REQUESTS} requests per list figure\n\n${lines.join('\n')}\n`,
)
