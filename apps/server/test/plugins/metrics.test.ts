/**
 * GET /metrics (plugins/metrics.ts, docs/operations.md): on its own port, in Prometheus' text format, each app (a
 * process) its own requests by route template, its pool and event loop, and the database-wide gauges read at
 * scrape time (cached) and the ledger check's verdict.
 */
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, PostgresDatabase } from '#db/client.ts'
import { findLedgerProblems } from '#modules/ledger/repository.ts'
import { readLastLedgerCheck } from '#modules/metrics/repository.ts'
import { createMetricsService, type MetricsService } from '#modules/metrics/service.ts'
import { buildAppOn, createTestApp, type TestApp } from '../helpers/app.ts'
import { DATABASE_KINDS, openTestPool } from '../helpers/database.ts'

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

/** One sample's value from the text format, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const have = (match[2] ?? '').split(',').filter(Boolean)
    if (wanted.every((label) => have.includes(label)) && have.length === wanted.length)
      return Number(match[3])
  }
  return undefined
}

async function scrape(app: FastifyInstance): Promise<string> {
  const url = app.metricsUrl()
  if (url === undefined) throw new Error('no metrics url')
  const response = await fetch(url)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return response.text()
}

const ago = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`

/** A user, a pending account due for 300 s, an invoice waiting 7200 s with a payout pending 600 s, and outbox rows. */
async function seed(db: Db): Promise<void> {
  const user = (await db.execute(
    sql`insert into users (telegram_id, first_name) values (${7_700_000_000 + Math.floor(Math.random() * 1e6)}, 'M') returning id`,
  )) as { rows: { id: number | string }[] }
  const userId = Number(user.rows[0]?.id)
  await db.execute(sql`
    insert into accounts (user_id, phone, country, price, net, submit_type, status, validation_status, validation_at)
    values (${userId}, ${`+1777${String(userId).padStart(7, '0')}`}, 'US', 1000000, 1000000, 'login', 'pending', 'pending', ${ago(300)})`)
  const invoice = (await db.execute(
    sql`insert into invoices (user_id, amount, created_at) values (${userId}, 0, ${ago(7200)}) returning id`,
  )) as { rows: { id: number | string }[] }
  await db.execute(sql`
    insert into transactions (invoice_id, user_id, currency, amount, user_fee, rate, net, value_usdt, receiver_address, created_at)
    values (${Number(invoice.rows[0]?.id)}, ${userId}, 'trx', 0, 0, 1, 0, 0, 'T', ${ago(600)})`)
  await db.execute(sql`
    insert into email_outbox (recipient, kind, status, created_at) values
      ('a@example.com', 'verify', 'pending', ${ago(900)}), ('b@example.com', 'verify', 'sending', ${ago(30)}),
      ('c@example.com', 'verify', 'failed', ${ago(100)})`)
  await db.execute(sql`
    insert into bot_outbox (chat_id, kind, status, created_at) values
      (1, 'news', 'pending', ${ago(60)}), (2, 'news', 'failed', ${ago(60)}), (3, 'news', 'failed', ${ago(60)})`)
}

describe.each(DATABASE_KINDS)('metrics on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind, {
      config: { metrics: { port: 0, host: '127.0.0.1', cacheMs: 60_000, ledgerCheckIntervalMs: 0 } },
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('counts requests by route template and status, never by raw URL', async () => {
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    for (const id of ['7b0c9b6e-9f3a-4a7e-8d8e-000000000001', '7b0c9b6e-9f3a-4a7e-8d8e-000000000002'])
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/invoices/${id}`,
            headers: { accept: 'application/json' },
          })
        ).statusCode,
      ).toBe(401)
    expect(
      (await t.app.inject({ method: 'GET', url: '/no/such/path', headers: { accept: 'application/json' } }))
        .statusCode,
    ).toBe(404)

    const text = await scrape(t.app)
    const count = (route: string, status: string) =>
      sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: status })
    expect(count('/healthz', '200')).toBe(3)
    expect(count('/invoices/:invoiceId', '401')).toBe(2)
    expect(count('unmatched', '404')).toBe(1)
    expect(text).not.toContain('7b0c9b6e')
    expect(
      sample(text, 'http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/healthz',
        status_code: '200',
        le: '+Inf',
      }),
    ).toBe(3)
    // The process: event-loop lag and resident memory (prom-client's default metrics).
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0)
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0)
    // The pool: PostgreSQL's; PGlite has none.
    if (kind === 'postgres') {
      expect(sample(text, 'app_db_pool_max_connections')).toBeGreaterThan(0)
      expect(sample(text, 'app_db_pool_connections_in_use')).toBeGreaterThanOrEqual(0)
      expect(sample(text, 'app_db_pool_waiting_requests')).toBe(0)
    } else {
      expect(sample(text, 'app_db_pool_max_connections')).toBeUndefined()
    }
  })

  it('reads backlogs, oldest ages and waiting money from the database, cached between scrapes', async () => {
    // A scrape before the rows: the read is kept for cacheMs (60 s here), so the rows show only in a new process.
    const before = await scrape(t.app)
    await seed(t.database.db)
    const cached = await scrape(t.app)
    expect(sample(cached, 'app_outbox_backlog', { outbox: 'email' })).toBe(
      sample(before, 'app_outbox_backlog', { outbox: 'email' }),
    )

    const fresh = await buildAppOn(t, {
      config: { metrics: { port: 0, host: '127.0.0.1', cacheMs: 0, ledgerCheckIntervalMs: 0 } },
    })
    try {
      const text = await scrape(fresh)
      expect(sample(text, 'app_metrics_database_up')).toBe(1)
      expect(sample(text, 'app_outbox_backlog', { outbox: 'email' })).toBe(2)
      expect(sample(text, 'app_outbox_oldest_age_seconds', { outbox: 'email' })).toBeGreaterThanOrEqual(900)
      expect(sample(text, 'app_outbox_oldest_age_seconds', { outbox: 'email' })).toBeLessThan(1000)
      expect(sample(text, 'app_outbox_failed', { outbox: 'email' })).toBe(1)
      expect(sample(text, 'app_outbox_backlog', { outbox: 'bot' })).toBe(1)
      expect(sample(text, 'app_outbox_failed', { outbox: 'bot' })).toBe(2)
      expect(sample(text, 'app_validation_due_accounts')).toBe(1)
      expect(sample(text, 'app_validation_oldest_due_age_seconds')).toBeGreaterThanOrEqual(300)
      expect(sample(text, 'app_invoices_awaiting_confirmation')).toBe(1)
      expect(sample(text, 'app_invoices_awaiting_confirmation_oldest_age_seconds')).toBeGreaterThanOrEqual(
        7200,
      )
      expect(sample(text, 'app_payouts_waiting', { status: 'pending' })).toBe(1)
      expect(sample(text, 'app_payouts_waiting', { status: 'review' })).toBe(0)
      expect(
        sample(text, 'app_payouts_waiting_oldest_age_seconds', { status: 'pending' }),
      ).toBeGreaterThanOrEqual(600)
      // No ledger check has run yet: its last run reads 0 (1970), which the staleness alert catches.
      expect(sample(text, 'app_ledger_check_last_run_timestamp_seconds')).toBe(0)
      // Each process its own requests: the other app's are not here.
      expect(
        sample(text, 'http_request_duration_seconds_count', {
          method: 'GET',
          route: '/healthz',
          status_code: '200',
        }),
      ).toBeUndefined()
    } finally {
      await fresh.close()
    }
  })

  it("exposes the ledger check's verdict, run by one process a round", async () => {
    const metricsConfig = { port: 0, host: '127.0.0.1', cacheMs: 0, ledgerCheckIntervalMs: 600_000 }
    const checker = await buildAppOn(t, { config: { metrics: metricsConfig } })
    // Two processes' ledger checks (each its own holder of the round's lease).
    const [first, second] = [1, 2].map(() =>
      createMetricsService({
        db: t.database.db,
        now: () => new Date(),
        log: silent,
        config: { metrics: metricsConfig },
      }),
    ) as [MetricsService, MetricsService]
    const releaseRound = () =>
      t.database.db.execute(
        sql`update leases set expires_at = now() - interval '1 second' where name = 'ledger-check'`,
      )
    try {
      expect(await first.checkLedger()).toBe(0)
      // The round is taken: another process does not check it again.
      expect(await second.checkLedger()).toBeUndefined()
      const clean = await scrape(checker)
      expect(sample(clean, 'app_ledger_check_problems')).toBe(0)
      const ranAt = sample(clean, 'app_ledger_check_last_run_timestamp_seconds') ?? 0
      expect(Math.abs(ranAt - Date.now() / 1000)).toBeLessThan(60)

      // Money that does not add up: an invoice of 5 with no accounts on it.
      await t.database.db.execute(sql`update invoices set amount = 5 where confirmation_status = 'pending'`)
      await releaseRound()
      expect(await second.checkLedger()).toBeGreaterThan(0)
      expect(sample(await scrape(checker), 'app_ledger_check_problems')).toBeGreaterThan(0)
      // Kept for the console's overview, worded as the ledger report words them.
      expect((await readLastLedgerCheck(t.database.db))?.found).toContainEqual(
        expect.stringMatching(/invoice/),
      )
    } finally {
      await t.database.db.execute(sql`update invoices set amount = 0 where confirmation_status = 'pending'`)
      await releaseRound()
      await checker.close()
    }
  })

  // A pool's connections say how many checks ran at once (PGlite is one connection whatever runs).
  if (kind === 'postgres')
    it('the ledger check runs its checks in turn on one connection, leaving the pool to requests', async () => {
      const { connectionString } = (t.database as PostgresDatabase).pool.options
      const fresh = openTestPool(connectionString ?? '')
      try {
        expect(await findLedgerProblems(fresh.db)).toEqual([])
        expect(fresh.pool.totalCount).toBe(1)
      } finally {
        await fresh.close()
      }
    })

  it('serves nothing without METRICS_PORT, and only GET /metrics on its port', async () => {
    const none = await buildAppOn(t)
    try {
      expect(none.metricsUrl()).toBeUndefined()
    } finally {
      await none.close()
    }
    const url = t.app.metricsUrl() ?? ''
    expect((await fetch(url.replace('/metrics', '/ops/users'))).status).toBe(404)
    // Not on the API's port.
    expect(
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { accept: 'application/json' } }))
        .statusCode,
    ).toBe(404)
  })
})
