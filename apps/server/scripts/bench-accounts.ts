/**
 * GET /accounts latency (one page, with and without search) with 10,000 and with 1,000,000 accounts
 * in the table, on PGlite and (with TEST_DATABASE_URL or --pg URL) on PostgreSQL. Requests go through
 * app.inject (the whole Fastify stack, no sockets), so the figures are the server's own cost.
 *
 *   npx tsx apps/server/scripts/bench-accounts.ts [--pg postgres://...] [--requests 300] [--explain] [--only pglite|postgres]
 * After each bulk load the table is vacuumed and analyzed, as autovacuum would, so the figures are a steady state.
 *
 * --explain prints EXPLAIN (ANALYZE, BUFFERS) of a 4-digit search (the list's own query) at each size.
 *
 * The measured user always has 10,000 accounts; the 1M case adds 990,000 accounts of 990 other users.
 * Not part of npm test: it prints figures, it does not judge them (target: 1M within 1.5x of 10k).
 */
import { sql } from 'drizzle-orm'
import type { Database } from '../src/db/client.ts'
import { benchUser, type Figures, openBenchApp, timeGets } from './bench-support.ts'

const args = process.argv.slice(2)
const option = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const REQUESTS = Number(option('--requests') ?? 300)
const PG_URL = option('--pg') ?? process.env.TEST_DATABASE_URL
const EXPLAIN = args.includes('--explain')
/** `--only postgres` (or pglite) measures one database; PGlite's 1M-row load alone takes minutes. */
const ONLY = option('--only')
const MEASURED = 10_000

type Row = { database: string; rows: string; query: string } & Figures

/** Bulk rows: accounts of `users` users (ids from `firstUserId`), `perUser` each, phones unique by `prefix`. */
async function insertBulk(
  db: Database['db'],
  firstUserId: number,
  users: number,
  perUser: number,
  prefix: number,
) {
  const chunk = 100_000
  const total = users * perUser
  for (let from = 0; from < total; from += chunk) {
    const to = Math.min(total, from + chunk) - 1
    await db.execute(sql`
      insert into accounts (user_id, phone, country, price, net, submit_type, status, validation_at, created_at)
      select ${firstUserId}::bigint + g / ${perUser}::int, '+' || ${prefix}::text || lpad(g::text, 10, '0'), 'US', 2000000, 2000000,
        'login', (array['pending','accepted','rejected'])[1 + g % 3], now(),
        timestamptz '2025-01-01 00:00:00+00' + g * interval '1 second'
      from generate_series(${from}::int, ${to}::int) g
    `)
  }
}

async function bench(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  const opened = await openBenchApp(kind, PG_URL)
  const { app, database } = opened
  const rows: Row[] = []
  try {
    const { headers, userId } = await benchUser(opened, 990_000_001)
    const started = Date.now()
    await insertBulk(database.db, userId, 1, MEASURED, 1)
    await database.db.execute(sql`vacuum analyze accounts`)
    process.stderr.write(`${kind}: 10k rows in ${Date.now() - started} ms\n`)

    const explain = async (rowsLabel: string) => {
      if (!EXPLAIN) return
      // The same statement GET /accounts?search=1234 runs (first page, newest first, size 24).
      const plan = (await database.db.execute(sql`
          explain (analyze, buffers) select * from accounts
          where user_id = ${userId} and phone like ${'%1234%'}
          order by created_at desc, id desc limit 25
        `)) as { rows: Record<string, string>[] }
      const text = plan.rows.map((row) => Object.values(row)[0]).join('\n')
      process.stderr.write(`\n${kind} ${rowsLabel}: search 1234\n${text}\n\n`)
    }

    const measure = async (rowsLabel: string) => {
      await explain(rowsLabel)
      const queries: [string, () => string][] = [
        ['page (desc, 24)', () => '/accounts'],
        [
          'page, pending tab',
          () => `/accounts?filters=${encodeURIComponent('{"status":"pending","noInvoice":true}')}`,
        ],
        ['search 4 digits', () => `/accounts?search=${1000 + Math.floor(Math.random() * 9000)}`],
        ['search 2 digits', () => `/accounts?search=${10 + Math.floor(Math.random() * 90)}`],
      ]
      for (const [label, url] of queries) {
        rows.push({
          database: kind,
          rows: rowsLabel,
          query: label,
          ...(await timeGets(app, url, headers, REQUESTS)),
        })
      }
    }
    await measure('10k')

    // 990 other users with 1,000 accounts each (user ids need not exist for the benchmark: no FK checks
    // are wanted here, so the rows point at real users created in one statement).
    const t1 = Date.now()
    await database.db.execute(sql`
        insert into users (telegram_id, first_name)
        select 991000000 + g, 'Other' from generate_series(1, 990) g
      `)
    const [first] = (
      (await database.db.execute(sql`select min(id) as id from users where telegram_id > 991000000`)) as {
        rows: { id: string | number }[]
      }
    ).rows
    await insertBulk(database.db, Number(first?.id), 990, 1000, 2)
    await database.db.execute(sql`vacuum analyze accounts`)
    process.stderr.write(`${kind}: +990k rows in ${Date.now() - t1} ms\n`)
    await measure('1M')
  } finally {
    await opened.close()
  }
  return rows
}

const results: Row[] = []
if (ONLY !== 'postgres') results.push(...(await bench('pglite')))
if (PG_URL && ONLY !== 'pglite') results.push(...(await bench('postgres')))
else process.stderr.write('PostgreSQL skipped: set TEST_DATABASE_URL or pass --pg URL\n')

const fmt = (n: number) => n.toFixed(2).padStart(8)
console.log(`\nGET /accounts, ${REQUESTS} requests each (app.inject), latency in ms\n`)
console.log('database  query               |  10k p50  10k p99 |   1M p50   1M p99 | ratio p50  ratio p99')
for (const r of results.filter((x) => x.rows === '10k')) {
  const big = results.find((x) => x.database === r.database && x.query === r.query && x.rows === '1M')
  if (!big) continue
  console.log(
    `${r.database.padEnd(9)} ${r.query.padEnd(19)} | ${fmt(r.p50)} ${fmt(r.p99)} | ${fmt(big.p50)} ${fmt(big.p99)} | ${(big.p50 / r.p50).toFixed(2).padStart(9)} ${(big.p99 / r.p99).toFixed(2).padStart(10)}`,
  )
}
