/**
 * Prometheus metrics (docs/operations.md): `GET /metrics` in the text format on a port of its own (METRICS_PORT,
 * loopback unless METRICS_HOST says otherwise), never on the API's port, so that neither nginx nor a client reaches
 * it and a scrape passes no rate limit or authentication. Every process serves its own: its requests by route
 * template, its database pool and event loop, and the database-wide gauges (the same on every process: aggregate
 * them with max, not sum).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from 'prom-client'
import type { MetricsConfig } from '../config.ts'
import type { PoolStats } from '../db/client.ts'
import { StartupError } from '../lib/startup-error.ts'
import { COUNT_CAP, type DatabaseGauges, WAITING_PAYOUT_STATUSES } from '../modules/metrics/repository.ts'
import type { MetricsService } from '../modules/metrics/service.ts'
import { globalPlugin } from './global-plugin.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Where this process serves its metrics, once listening (undefined without METRICS_PORT). */
    metricsUrl(): string | undefined
  }
}

export type MetricsOptions = {
  config: MetricsConfig
  metrics: MetricsService
  poolStats: () => PoolStats | undefined
  /** A module's own metrics (support's), registered as they are. */
  more?: Metric[] | undefined
}

/** Seconds; from 5 ms (a cached read) to 10 s (the slowest answer a client waits for). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * The gauges read from the database at scrape time. A read that fails (the database is down) reports
 * app_metrics_database_up 0 and leaves these gauges out of the scrape rather than repeat old values.
 */
function databaseGauges(register: Registry, metrics: MetricsService): void {
  const up: Gauge = new Gauge({
    name: 'app_metrics_database_up',
    help: 'Whether the database-wide gauges could be read at this scrape (1) or not (0)',
    registers: [register],
    async collect() {
      up.set(
        await metrics.databaseGauges().then(
          () => 1,
          () => 0,
        ),
      )
    },
  })
  /** A gauge set from the shared read; `set` receives the read and the gauge. */
  const define = (
    name: string,
    help: string,
    labelNames: string[],
    set: (read: DatabaseGauges, gauge: Gauge) => void,
  ) => {
    const gauge: Gauge = new Gauge({
      name,
      help,
      labelNames,
      registers: [register],
      async collect() {
        gauge.reset()
        const read = await metrics.databaseGauges().catch(() => undefined)
        if (read !== undefined) set(read, gauge)
      },
    })
  }
  const capped = `(at most ${COUNT_CAP}: that many or more)`

  for (const [name, help, pick] of [
    ['app_outbox_backlog', `Messages waiting to be sent, by outbox ${capped}`, (o) => o.backlog],
    [
      'app_outbox_oldest_age_seconds',
      'Age of the oldest message waiting to be sent, by outbox (0 when none waits)',
      (o) => o.oldestAgeSeconds,
    ],
    [
      'app_outbox_failed',
      `Messages that gave up (failed), kept until housekeeping prunes them, by outbox ${capped}`,
      (o) => o.failed,
    ],
  ] as const satisfies readonly (readonly [
    string,
    string,
    (o: DatabaseGauges['outboxes']['email']) => number,
  ])[]) {
    define(name, help, ['outbox'], (read, gauge) => {
      gauge.set({ outbox: 'email' }, pick(read.outboxes.email))
      gauge.set({ outbox: 'bot' }, pick(read.outboxes.bot))
    })
  }
  define('app_validation_due_accounts', `Accounts due for validation now ${capped}`, [], (read, gauge) =>
    gauge.set(read.validation.due),
  )
  define(
    'app_validation_oldest_due_age_seconds',
    'How long the longest-due account has waited for its validation (0 when none is due)',
    [],
    (read, gauge) => gauge.set(read.validation.oldestDueAgeSeconds),
  )
  define(
    'app_invoices_awaiting_confirmation',
    `Invoices waiting for an operator's confirmation ${capped}`,
    [],
    (read, gauge) => gauge.set(read.invoices.waiting),
  )
  define(
    'app_invoices_awaiting_confirmation_oldest_age_seconds',
    'Age of the oldest invoice waiting for confirmation (0 when none waits)',
    [],
    (read, gauge) => gauge.set(read.invoices.oldestAgeSeconds),
  )
  define('app_payouts_waiting', `Payouts not finished, by status ${capped}`, ['status'], (read, gauge) => {
    for (const status of WAITING_PAYOUT_STATUSES) gauge.set({ status }, read.payouts[status].waiting)
  })
  define(
    'app_payouts_waiting_oldest_age_seconds',
    'Age of the oldest payout in each unfinished status (0 when none)',
    ['status'],
    (read, gauge) => {
      for (const status of WAITING_PAYOUT_STATUSES)
        gauge.set({ status }, read.payouts[status].oldestAgeSeconds)
    },
  )
  // Before the first check: 0 problems and a last run at 0 (1970), which the staleness alert catches.
  define(
    'app_ledger_check_problems',
    'Problems the last ledger check found (0: the books add up; npm run ops -- ledger lists them)',
    [],
    (read, gauge) => gauge.set(read.ledgerCheck?.problems ?? 0),
  )
  define(
    'app_ledger_check_last_run_timestamp_seconds',
    'When the last ledger check ran (Unix time; 0 before the first)',
    [],
    (read, gauge) => gauge.set((read.ledgerCheck?.checkedAt.getTime() ?? 0) / 1000),
  )
  define('app_ledger_check_duration_seconds', 'How long the last ledger check took', [], (read, gauge) =>
    gauge.set((read.ledgerCheck?.durationMs ?? 0) / 1000),
  )
}

/** The pool's gauges (PostgreSQL); PGlite has no pool and reports none. */
function poolGauges(register: Registry, poolStats: () => PoolStats | undefined): void {
  if (poolStats() === undefined) return
  const gauge = (name: string, help: string, pick: (stats: PoolStats) => number) => {
    const metric: Gauge = new Gauge({
      name,
      help,
      registers: [register],
      collect() {
        const stats = poolStats()
        if (stats === undefined) metric.reset()
        else metric.set(pick(stats))
      },
    })
  }
  gauge(
    'app_db_pool_connections_in_use',
    'Database connections checked out of the pool now',
    (s) => s.total - s.idle,
  )
  gauge('app_db_pool_connections_idle', 'Open database connections idle in the pool', (s) => s.idle)
  gauge('app_db_pool_waiting_requests', 'Queries waiting for a free connection', (s) => s.waiting)
  gauge('app_db_pool_max_connections', "The pool's size limit", (s) => s.max)
}

export const metricsPlugin = globalPlugin(
  'metrics',
  async (app: FastifyInstance, options: MetricsOptions) => {
    const { port, host } = options.config
    let server: Server | undefined
    app.decorate('metricsUrl', () => {
      const address = server?.address() as AddressInfo | null | undefined
      return address ? `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/metrics` : undefined
    })
    if (port === undefined) return

    const register = new Registry()
    // The process: CPU, resident memory, heap, handles, GC, and the event loop's lag (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register })
    const requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by method, route template (not the raw URL) and status code; its _count is the request rate',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers: [register],
    })
    databaseGauges(register, options.metrics)
    poolGauges(register, options.poolStats)
    for (const metric of options.more ?? []) register.registerMetric(metric)

    app.addHook('onResponse', async (request, reply) => {
      requests.observe(
        {
          method: request.method,
          // The template (`/invoices/:uid`), so that every id does not make a series of its own.
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      )
    })

    server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response
          .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
          .end('Not found: GET /metrics\n')
        return
      }
      register.metrics().then(
        (text) => response.writeHead(200, { 'content-type': register.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics scrape failed')
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n')
        },
      )
    })
    const listening = server
    await new Promise<void>((resolve, reject) => {
      const refuse = (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new StartupError(
                `Metrics port ${port} is already in use; stop the other process or set METRICS_PORT`,
              )
            : error,
        )
      listening.once('error', refuse)
      listening.listen(port, host, () => {
        listening.off('error', refuse)
        resolve()
      })
    })
    app.addHook('onClose', async () => {
      const closed = new Promise<void>((resolve) => listening.close(() => resolve()))
      // A scraper keeps its connection open between scrapes: end it, or close() would wait for it.
      listening.closeAllConnections()
      await closed
    })
  },
)
