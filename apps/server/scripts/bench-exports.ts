/**
 * The operators' reads over a large database (docs/console.md, 'Exports' and 'Trends'): N invoices, N payouts and N
 * accepted or rejected accounts spread over the last 30 days (1,000 users), then each CSV export of the 30 days
 * streamed over real HTTP (rows a second, the server's peak RSS above its start) and the plans of their batch queries
 * (EXPLAIN ANALYZE of a batch deep in the period).
 *
 *   npx tsx apps/server/scripts/bench-exports.ts [--pg postgres://...] [--rows 1000000] [--only pglite|postgres]
 * Not part of npm test: it prints figures, it does not judge them.
 */
import { sql } from 'drizzle-orm'
import { BENCH_OPS_TOKEN, openBenchApp } from './bench-support.ts'

const args = process.argv.slice(2)
const option = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const ROWS = Number(option('--rows') ?? 1_000_000)
const PG_URL = option('--pg') ?? process.env.TEST_DATABASE_URL
const ONLY = option('--only')
const PORT = Number(option('--port') ?? 3130)

type Rows<T> = { rows: T[] }

async function bench(kind: 'pglite' | 'postgres') {
  const bench = await openBenchApp(kind, PG_URL)
  const { app, database } = bench
  const db = database.db
  const started = Date.now()
  await db.execute(sql`insert into users (telegram_id, first_name, last_name)
    select 990000000 + n, 'کاربر ' || n, '=SUM(A' || n || ')' from generate_series(1, 1000) n`)
  // Spread over the last 30 days, in order of id (as rows are made).
  await db.execute(sql`insert into invoices (user_id, amount, confirmation_status, payment_status, created_at)
    select (select min(id) from users) + n % 1000, 1000000 + n, 'confirmed', 'success',
      now() - interval '30 days' + (n::float / ${ROWS}) * interval '30 days'
    from generate_series(1, ${ROWS}) n`)
  await db.execute(sql`insert into transactions (invoice_id, user_id, currency, status, amount, user_fee, rate, net,
      value_usdt, receiver_address, txid, paid_at, created_at)
    select id, user_id, 'irt', 'success', amount, 0, 98500000000, amount * 98500 / 1000000, amount, 'IR910550012340000000123456',
      'bank-' || id, created_at + interval '1 hour', created_at
    from invoices`)
  await db.execute(sql`insert into accounts (user_id, phone, country, price, net, submit_type, status, validation_status,
      validation_at, created_at, check_2fa)
    select (select min(id) from users) + n % 1000, '+1999' || lpad(n::text, 8, '0'), 'US', 1000000, 1000000, 'login',
      case when n % 5 = 0 then 'rejected' else 'accepted' end, case when n % 5 = 0 then 'failed' else 'success' end,
      now() - interval '30 days' + (n::float / ${ROWS}) * interval '30 days' + interval '10 minutes',
      now() - interval '30 days' + (n::float / ${ROWS}) * interval '30 days', n % 5 <> 0
    from generate_series(1, ${ROWS}) n`)
  await db.execute(sql`analyze`)
  console.log(
    `${kind}: ${ROWS.toLocaleString('en-US')} invoices, payouts and accounts made in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  )

  await app.listen({ port: PORT, host: '127.0.0.1' })
  const to = new Date().toISOString().slice(0, 10)
  const from = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10)
  try {
    for (const what of ['invoices', 'payouts', 'ledger']) {
      const rssBefore = process.memoryUsage().rss
      let peak = rssBefore
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss)
      }, 50)
      const t0 = performance.now()
      const response = await fetch(`http://127.0.0.1:${PORT}/ops/exports/${what}?from=${from}&to=${to}`, {
        headers: { authorization: `Bearer ${BENCH_OPS_TOKEN}` },
      })
      let bytes = 0
      let lines = 0
      let firstByteMs = 0
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        if (bytes === 0) firstByteMs = performance.now() - t0
        bytes += chunk.length
        for (const b of chunk) if (b === 10) lines += 1
      }
      clearInterval(sampler)
      const seconds = (performance.now() - t0) / 1000
      console.log(
        `${kind} export ${what.padEnd(8)} ${(lines - 1).toLocaleString('en-US').padStart(10)} rows ${(bytes / 1e6).toFixed(0).padStart(4)} MB in ${seconds.toFixed(1)} s (${Math.round((lines - 1) / seconds).toLocaleString('en-US')} rows/s), first byte ${firstByteMs.toFixed(0)} ms, peak RSS +${((peak - rssBefore) / 1e6).toFixed(0)} MB`,
      )
    }
    // One batch 90% of the way into the period, as the export asks it.
    const deep =
      (await db.execute(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id
      from invoices order by created_at, id offset ${Math.floor(ROWS * 0.9)} limit 1`)) as Rows<{
        at: string
        id: number
      }>
    const at = deep.rows[0]?.at ?? ''
    const id = deep.rows[0]?.id ?? 0
    const plan = (await db.execute(
      sql.raw(`explain (analyze, costs off, timing on)
      select i.id from invoices i join users u on u.id = i.user_id
      where i.created_at >= '${from}'::timestamptz and i.created_at < now() and (i.created_at, i.id) > ('${at}'::timestamptz, ${id})
      order by i.created_at, i.id limit 1000`),
    )) as Rows<Record<string, string>>
    console.log(`${kind} invoice batch 90% in:\n  ${plan.rows.map((r) => Object.values(r)[0]).join('\n  ')}`)
  } finally {
    await bench.close()
  }
}

for (const kind of ['pglite', 'postgres'] as const) {
  if (ONLY !== undefined && ONLY !== kind) continue
  if (kind === 'postgres' && !PG_URL) {
    console.log('postgres: skipped (no --pg URL or TEST_DATABASE_URL)')
    continue
  }
  await bench(kind)
}
