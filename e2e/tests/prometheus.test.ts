/**
 * Metrics and alerts for real (issue 21, items 3 and 4; docs/operations.md): Debian's Prometheus, on a port and data
 * folder of its own with a 1 s scrape, scrapes two server processes' GET /metrics (each on its METRICS_PORT) and
 * evaluates deploy/prometheus/alerts.yml against what it scraped. Both processes run on one PostgreSQL database
 * when TEST_DATABASE_URL is set (as in a deployment), each on its own PGlite folder otherwise.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordSecret } from '../support/secrets-recorder.ts'
import { freePort, type RunningServer, startServer } from '../support/server.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus'

type Sample = { metric: Record<string, string>; value: [number, string] }

let work = ''
let prometheus: ChildProcess | undefined
let prometheusLog = ''
let prometheusUrl = ''
const servers: RunningServer[] = []
const metricsTargets: string[] = []

async function query(expression: string): Promise<Sample[]> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expression)}`)
  const body = (await response.json()) as { status: string; data: { result: Sample[] } }
  expect(body.status).toBe('success')
  return body.data.result
}

/** Polls until `check` holds (Prometheus scrapes every second and evaluates the rules every second). */
async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  check: (value: T) => boolean,
  ms = 45_000,
) {
  const deadline = Date.now() + ms
  let last: T | undefined
  while (Date.now() < deadline) {
    last = await read()
    if (check(last)) return last
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(
    `${what}: not seen in ${ms / 1000} s; last: ${JSON.stringify(last)}\n${prometheusLog.slice(-3000)}`,
  )
}

type Alert = { labels: Record<string, string>; state: string }
async function alertsNow(): Promise<Alert[]> {
  const body = (await (await fetch(`${prometheusUrl}/api/v1/alerts`)).json()) as { data: { alerts: Alert[] } }
  return body.data.alerts
}

const instances = (samples: Sample[]) => samples.map((s) => s.metric.instance).sort()

describe('Prometheus scraping two server processes', () => {
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'e2e-prometheus-'))
    // Processes on one database share its sealed secrets: one key for both (docs/resilience.md, 'Secrets').
    const secretsKey = randomBytes(32).toString('hex')
    recordSecret('secrets key', secretsKey, 'e2e/tests/prometheus.test.ts')
    for (let i = 0; i < 2; i++) {
      const metricsPort = await freePort()
      const first = servers[0]
      const server = await startServer(
        // The ledger check every 2 s (its first 2 s after start), so its verdict is there within the test.
        { METRICS_PORT: String(metricsPort), LEDGER_CHECK_INTERVAL_MS: '2000', SECRETS_KEY: secretsKey },
        // The second process on the first one's database with its bot token, as two processes of a deployment.
        first
          ? { postgres: first.restartOptions.postgres ?? true, botToken: first.botToken }
          : { postgres: true },
      )
      servers.push(server)
      metricsTargets.push(`127.0.0.1:${metricsPort}`)
    }
    const config = join(work, 'prometheus.yml')
    writeFileSync(
      config,
      [
        'global:',
        '  scrape_interval: 1s',
        '  evaluation_interval: 1s',
        'rule_files:',
        `  - ${join(root, 'deploy/prometheus/alerts.yml')}`,
        'scrape_configs:',
        '  - job_name: account-supply',
        '    static_configs:',
        `      - targets: [${metricsTargets.map((target) => `'${target}'`).join(', ')}]`,
        '',
      ].join('\n'),
    )
    const port = await freePort()
    prometheusUrl = `http://127.0.0.1:${port}`
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${config}`,
        `--storage.tsdb.path=${join(work, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    for (const stream of [prometheus.stdout, prometheus.stderr])
      stream?.on('data', (chunk: Buffer) => {
        prometheusLog += chunk
      })
    await eventually(
      'Prometheus ready',
      () =>
        fetch(`${prometheusUrl}/-/ready`).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 200,
    )
  })

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus?.once('exit', resolve))
      prometheus.kill('SIGTERM')
      await exited
    }
    // The second process first: it runs on the first one's database, which the first one's stop may drop.
    for (const server of [...servers].reverse()) await server.stop()
    if (work) rmSync(work, { recursive: true, force: true })
  })

  it("sees both processes' series: requests by route, the event loop, the database gauges, the ledger check", async () => {
    for (const server of servers) {
      for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      const missing = await fetch(`${server.url}/no/such/path`, { headers: { accept: 'application/json' } })
      expect(missing.status).toBe(404)
    }
    const targets = [...metricsTargets].sort()
    const up = await eventually(
      'both targets up',
      () => query('up{job="account-supply"}'),
      (samples) => samples.length === 2 && samples.every((s) => s.value[1] === '1'),
    )
    expect(instances(up)).toEqual(targets)
    const healthz = await eventually(
      'GET /healthz counted by each process',
      () =>
        query(
          'http_request_duration_seconds_count{job="account-supply", route="/healthz", status_code="200"}',
        ),
      (samples) => samples.length === 2 && samples.every((s) => Number(s.value[1]) >= 3),
    )
    expect(instances(healthz)).toEqual(targets)
    const unmatched = await query('http_request_duration_seconds_count{route="unmatched", status_code="404"}')
    expect(instances(unmatched)).toEqual(targets)
    expect(instances(await query('nodejs_eventloop_lag_seconds{job="account-supply"}'))).toEqual(targets)
    // The database-wide gauges, on both: the alert rules take their max.
    const backlog = await query('app_outbox_backlog{job="account-supply"}')
    expect(backlog.map((s) => `${s.metric.instance} ${s.metric.outbox}`).sort()).toEqual(
      targets.flatMap((target) => [`${target} bot`, `${target} email`]),
    )
    await eventually(
      'a ledger check run, clean',
      () =>
        query('max(app_ledger_check_last_run_timestamp_seconds) > 0 and max(app_ledger_check_problems) == 0'),
      (samples) => samples.length === 1,
    )
    // Every rule of alerts.yml loaded and evaluating without error against the real series.
    const rules = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as {
      data: { groups: { name: string; rules: { name: string; health: string; lastError?: string }[] }[] }
    }
    const group = rules.data.groups.find((g) => g.name === 'account-supply')
    expect(group?.rules.length).toBe(12)
    expect(group?.rules.filter((rule) => rule.health !== 'ok')).toEqual([])
    // Nothing is wrong, so nothing fires (the staleness alert of the ledger check, pending until the first check
    // ran, clears at the next evaluation).
    await eventually('no alert', alertsNow, (alerts) => alerts.length === 0)
  })

  it('a process that stops is down, and its alert is pending', async () => {
    const stopped = servers[1]
    const target = metricsTargets[1]
    await stopped?.kill()
    await eventually(
      'the stopped process down',
      () => query(`up{job="account-supply", instance="${target}"}`),
      (samples) => samples[0]?.value[1] === '0',
    )
    const alert = await eventually('ServerProcessDown pending for it', alertsNow, (alerts) =>
      alerts.some((a) => a.labels.alertname === 'ServerProcessDown'),
    )
    // `for: 1m`: pending first, firing a minute later.
    expect(alert.filter((a) => a.labels.alertname === 'ServerProcessDown')).toEqual([
      expect.objectContaining({ labels: expect.objectContaining({ instance: target }), state: 'pending' }),
    ])
    // The other process is still scraped.
    expect((await query(`up{job="account-supply", instance="${metricsTargets[0]}"}`))[0]?.value[1]).toBe('1')
  })
})
