/**
 * The deployment as docs/deploy.md tells it, end to end (issue 21, item 7): the database migrated by
 * `npm run migrate`, two server processes started as deploy/systemd/account-supply@.service starts them
 * (NODE_ENV=production, PostgreSQL, Redis, TRUST_PROXY=1), and Debian's nginx in front with
 * deploy/nginx/account-supply.conf rendered by deploy/render.mjs, terminating TLS with a certificate made here.
 * Through nginx: a user signs in to the mini-app in Chromium and makes an invoice, an operator signs in to the console
 * with TOTP and confirms it, the per-address limits count the client's address (never nginx's, never one the client
 * claims), requests reach both processes, and the built brotli and gzip files come through byte for byte.
 *
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both) and nginx (`/usr/sbin/nginx`, or NGINX_PATH; .ci/run
 * installs Debian's package). nginx runs unprivileged-style: its own prefix, pid, temp folders, logs and ports.
 * What the test substitutes in the unit: the instance (%i) by a free port, WorkingDirectory by this checkout,
 * DATA_DIR by a folder of its own, the EnvironmentFile by the environment below, and its own node first on PATH.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { OperatorEnrolment } from '@app/contract/ops'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeBotApi, startFakeBotApi } from '../../apps/server/dev/fake-bot-api/server.ts'
import { createDatabase, dropDatabase } from '../../apps/server/test/helpers/postgres-admin.ts'
import { createInvoiceFromHome, supplyAcceptedAccounts } from '../support/accounts.ts'
import { closeContexts, openMiniApp, PHONE, screenshot, workerBrowser } from '../support/browser.ts'
import { enrolOperator, signInToConsole } from '../support/console.ts'
import { e2eRun, recordFields, recordSecret } from '../support/secrets-recorder.ts'
import { freePort, POSTGRES_DATABASE_FILE } from '../support/server.ts'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
const UNIT = join(root, 'deploy/systemd/account-supply@.service')
const SITE = join(root, 'deploy/nginx/account-supply.conf')
const adminUrl = process.env.TEST_DATABASE_URL
const testRedisUrl = process.env.TEST_REDIS_URL
/** The /auth/* budget per client and minute: the server's default (docs/configuration.md). */
const AUTH_BUDGET = 30
/** A Redis database of this test's own: the server's rate-limit keys have no prefix to set. */
const REDIS_DB = 13

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }
type Call = {
  method?: string
  headers?: Record<string, string>
  body?: string
  /** The client's own address: any 127.x.y.z reaches nginx on 127.0.0.1 from that address. */
  from?: string
}

let work: string
let certificate: Buffer
let nginx: ChildProcess | undefined
let nginxUrl = ''
let httpPort = 0
const servers: { port: number; child: ChildProcess; log: () => string }[] = []
/** What every process is started with beside the unit's own: its data folder and the EnvironmentFile's variables. */
let processSettings: { dataDir: string; environment: Record<string, string> }
let fake: FakeBotApi | undefined
let database: { name: string; url: string } | undefined
let browser: Browser | undefined
const botToken = `7${randomBytes(4).readUInt32BE() % 1_000_000}:deploy-${randomBytes(12).toString('hex')}`
const opsToken = `deploy-ops-${randomBytes(16).toString('hex')}`
const authSecret = randomBytes(48).toString('base64url')
const secretsKey = randomBytes(32).toString('hex')
/** The test's own operator calls come from an address of their own, apart from the browser's budget. */
const opsAddress = randomLoopback()

function randomLoopback(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3)
  return `127.${a % 250}.${b % 250}.${(c % 250) + 2}`
}

/** One request through nginx over TLS, checked against the test's certificate; the body as sent (not decoded). */
function viaNginx(path: string, call: Call = {}): Promise<Answer> {
  const url = new URL(path, nginxUrl)
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      url,
      {
        method: call.method ?? 'GET',
        headers: call.headers ?? {},
        ca: certificate,
        agent: false,
        ...(call.from ? { localAddress: call.from } : {}),
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(call.body)
  })
}

const json = (answer: Answer): unknown => JSON.parse(answer.body.toString('utf8'))

/** The operator API through nginx with the bootstrap token, as `npm run ops` would call it. */
async function ops(method: string, path: string, body?: unknown): Promise<unknown> {
  const answer = await viaNginx(`/ops${path}`, {
    method,
    from: opsAddress,
    headers: {
      authorization: `Bearer ${opsToken}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (answer.status >= 300) throw new Error(`ops ${method} ${path}: ${answer.status} ${answer.body}`)
  const parsed = answer.body.length > 0 ? json(answer) : undefined
  recordFields(parsed, new Set(['password', 'totpSecret', 'token']), `ops ${method} ${path}`)
  return parsed
}

/** The unit's Environment= assignments and ExecStart, as systemd reads them (no quoting used in the file). */
function readUnit(): { env: Record<string, string>; exec: string[]; workingDirectory: string } {
  const env: Record<string, string> = {}
  let exec: string[] = []
  let workingDirectory = ''
  for (const line of readFileSync(UNIT, 'utf8').split('\n')) {
    const [key, ...rest] = line.split('=')
    const value = rest.join('=')
    if (key === 'Environment')
      for (const pair of value.split(/\s+/).filter(Boolean)) {
        const at = pair.indexOf('=')
        env[pair.slice(0, at)] = pair.slice(at + 1)
      }
    if (key === 'ExecStart') exec = value.split(/\s+/).filter(Boolean)
    if (key === 'WorkingDirectory') workingDirectory = value
  }
  return { env, exec, workingDirectory }
}

async function waitFor(what: string, check: () => Promise<boolean>, detail: () => string, ms = 60_000) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${what} did not come up:\n${detail()}`)
}

function directReady(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/readyz' }, (res) => {
      res.resume()
      resolve(res.statusCode === 200)
    })
    req.on('error', () => resolve(false))
    req.end()
  })
}

/** A server process as the unit starts one, on `port`, with what the EnvironmentFile would hold. */
async function startProcess(port: number, dataDir: string, environment: Record<string, string>) {
  const unit = readUnit()
  expect(unit.workingDirectory).toBe('/opt/account-supply/current')
  const [command = '', ...args] = unit.exec
  const e2e = e2eRun()
  const logDir = e2e?.logsDir ?? join(work, 'logs')
  mkdirSync(logDir, { recursive: true })
  const logFile = createWriteStream(join(logDir, `deploy-server-${port}.log`), { flags: 'a' })
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...unit.env,
      ...environment,
      PORT: unit.env.PORT?.replace('%i', String(port)) ?? '',
      DATA_DIR: dataDir,
      PATH: `${dirname(process.execPath)}:${unit.env.PATH}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      log += chunk
      logFile.write(chunk)
    })
  child.once('exit', () => logFile.end())
  const entry = { port, child, log: () => log }
  await waitFor(`server on ${port}`, () => directReady(port), entry.log)
  return entry
}

async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  await exited
}

/** nginx's logs: in an e2e run beside the servers' (the secrets scan reads them too), else in the work folder. */
let nginxLogs = ''
const nginxLog = () => readFileSync(join(nginxLogs, 'account-supply.access.log'), 'utf8')

/**
 * The access log's lines written after `offset` (an earlier length), once there are at least `count`: nginx writes a
 * request's line as it finishes it, which may be just after the client has the whole answer.
 */
async function nginxLogSince(offset: number, count: number): Promise<string[]> {
  const lines = () => nginxLog().slice(offset).split('\n').filter(Boolean)
  await expect.poll(() => lines().length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count)
  return lines()
}

const describeDeployment = adminUrl && testRedisUrl ? describe : describe.skip

describeDeployment('a deployment behind nginx', () => {
  beforeAll(async () => {
    if (!existsSync(NGINX))
      throw new Error(`no nginx at ${NGINX}: install Debian's nginx package (or set NGINX_PATH)`)
    work = mkdtempSync(join(tmpdir(), 'deploy-e2e-'))
    for (const dir of ['logs', 'temp', 'sites-enabled']) mkdirSync(join(work, dir))
    const runLogs = e2eRun()?.logsDir
    nginxLogs = runLogs ? join(runLogs, `nginx-${process.pid}`) : join(work, 'logs')
    mkdirSync(nginxLogs, { recursive: true })
    for (const [kind, value] of [
      ['bot token', botToken],
      ['operator token', opsToken],
      ['auth secret', authSecret],
      ['secrets key', secretsKey],
    ] as const)
      recordSecret(kind, value, 'e2e/tests/deploy.test.ts')

    // The certificate: self-signed for 127.0.0.1 and localhost, made for this run.
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      join(work, 'tls.key'),
      '-out',
      join(work, 'tls.crt'),
    ])
    certificate = readFileSync(join(work, 'tls.crt'))

    // A database of its own, named in a data folder under the run's so the secrets scan dumps it, then drops it.
    const name = `deploy_${randomBytes(6).toString('hex')}`
    database = { name, url: await createDatabase(adminUrl ?? '', name) }
    const e2e = e2eRun()
    if (e2e) mkdirSync(e2e.dataRoot, { recursive: true })
    const dataDir = mkdtempSync(join(e2e?.dataRoot ?? work, 'deploy-pg-'))
    writeFileSync(join(dataDir, POSTGRES_DATABASE_FILE), name)

    // Migrations first, by the documented command.
    const migrated = await run('npm', ['run', 'migrate'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url },
    })
    expect(migrated.stdout).toMatch(/: \d+ migrations applied, \d+ in all \(latest \d{4}_\w+\)/)

    fake = await startFakeBotApi({ token: botToken })
    const [httpsPort, plainPort, ...appPorts] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ])
    httpPort = plainPort ?? 0
    nginxUrl = `https://127.0.0.1:${httpsPort}`
    const redis = new URL(testRedisUrl ?? '')
    redis.pathname = `/${REDIS_DB}`
    const environment = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.toString(),
      TELEGRAM_BOT_TOKEN: botToken,
      TELEGRAM_API_ROOT: fake.url,
      AUTH_SECRET: authSecret,
      SECRETS_KEY: secretsKey,
      OPS_TOKEN: opsToken,
      APP_ORIGIN: nginxUrl,
      ACCOUNT_PROVIDER: 'sandbox',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
      // No payout is recorded here, so no chain is read: production's TRON_API_ROOT and BSC_RPC_URL are not needed.
      CHAIN_VERIFICATION: 'off',
    }
    processSettings = { dataDir, environment }
    servers.push(
      ...(await Promise.all(appPorts.map((port) => startProcess(port ?? 0, dataDir, environment)))),
    )
    // A production server: the development tools were not loaded.
    for (const server of servers) expect(server.log()).not.toMatch(/simulator: /)

    // nginx: the site file rendered as docs/deploy.md says, inside a main config standing in for Debian's nginx.conf
    // (its gzip on included), with this run's prefix, pid, temp folders and logs.
    const site = join(work, 'sites-enabled/account-supply.conf')
    await run(process.execPath, [
      join(root, 'deploy/render.mjs'),
      SITE,
      site,
      `APP_PORT=${appPorts.join(',')}`,
      `HTTP_LISTEN=127.0.0.1:${plainPort}`,
      `HTTPS_LISTEN=127.0.0.1:${httpsPort}`,
      'SERVER_NAME=localhost',
      `TLS_CERTIFICATE=${join(work, 'tls.crt')}`,
      `TLS_CERTIFICATE_KEY=${join(work, 'tls.key')}`,
      `LOG_DIR=${nginxLogs}`,
    ])
    const temp = (kind: string) => `${kind}_temp_path ${join(work, 'temp', kind)};`
    writeFileSync(
      join(work, 'nginx.conf'),
      [
        // As root (CI), the workers stay this user: the temp folders are this run's.
        process.getuid?.() === 0 ? 'user root;' : '',
        'worker_processes 1;',
        `pid ${join(work, 'nginx.pid')};`,
        `error_log ${join(nginxLogs, 'error.log')} warn;`,
        'events { worker_connections 256; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  default_type application/octet-stream;',
        '  sendfile on;',
        '  tcp_nopush on;',
        '  types_hash_max_size 2048;',
        '  ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;',
        '  ssl_prefer_server_ciphers on;',
        '  gzip on;',
        `  access_log ${join(nginxLogs, 'access.log')};`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${temp(kind)}`),
        `  include ${site};`,
        '}',
        '',
      ].join('\n'),
    )
    const nginxArgs = ['-p', work, '-c', join(work, 'nginx.conf'), '-e', join(nginxLogs, 'error.log')]
    await run(NGINX, ['-t', ...nginxArgs])
    nginx = spawn(NGINX, [...nginxArgs, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let nginxOutput = ''
    nginx.stderr?.on('data', (chunk: Buffer) => {
      nginxOutput += chunk
    })
    await waitFor(
      'nginx',
      async () => (await viaNginx('/healthz')).status === 200,
      () => nginxOutput,
      15_000,
    )
    browser = await workerBrowser()
  }, 180_000)

  afterAll(async () => {
    if (browser) await closeContexts(browser)
    await stopChild(nginx, 'SIGQUIT')
    await Promise.all(servers.map((server) => stopChild(server.child, 'SIGTERM')))
    await fake?.close()
    // In an e2e run the secrets scan dumps the database, then drops it (global-setup.ts).
    if (database && !e2eRun()) await dropDatabase(adminUrl ?? '', database.name)
    if (work) rmSync(work, { recursive: true, force: true })
  })

  const insecure: BrowserContextOptions = { ignoreHTTPSErrors: true }

  it('answers over TLS with the test certificate, sends plain HTTP to HTTPS and keeps the servers’ headers', async () => {
    const health = await viaNginx('/healthz')
    expect(health.status).toBe(200)
    expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    expect(health.headers.server).toBe('nginx')
    const plain = await new Promise<{ status: number; location: string }>((resolve, reject) => {
      // A Host of someone else's: the redirect goes to the server's own name all the same (issue 37).
      const headers = { host: 'elsewhere.example' }
      const req = httpRequest(
        { host: '127.0.0.1', port: httpPort, path: '/console/?a=1', headers },
        (res) => {
          res.resume()
          resolve({ status: res.statusCode ?? 0, location: String(res.headers.location) })
        },
      )
      req.on('error', reject)
      req.end()
    })
    expect(plain).toEqual({ status: 308, location: 'https://localhost/console/?a=1' })
  })

  it('passes the built brotli and gzip files through byte for byte, with their Content-Encoding and Vary', async () => {
    // The entry and its CSS as the build names them (index.html loads the one and inlines the other).
    const manifest = JSON.parse(
      readFileSync(join(root, 'apps/web/dist/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; css?: string[] }>
    const entry = manifest['index.html'] && `/${manifest['index.html'].file}`
    const style = manifest['index.html']?.css?.[0] && `/${manifest['index.html'].css[0]}`
    expect(entry).toBeDefined()
    expect(style).toBeDefined()
    for (const path of [entry ?? '', style ?? '']) {
      const built = join(root, 'apps/web/dist', path)
      for (const [accept, encoding, file] of [
        ['gzip, deflate, br, zstd', 'br', `${built}.br`],
        ['br', 'br', `${built}.br`],
        ['gzip', 'gzip', `${built}.gz`],
      ] as const) {
        const answer = await viaNginx(path, { headers: { 'accept-encoding': accept } })
        expect(answer.status, `${path} ${accept}`).toBe(200)
        expect(answer.headers['content-encoding'], `${path} ${accept}`).toBe(encoding)
        expect(String(answer.headers.vary)).toMatch(/accept-encoding/i)
        expect(answer.body.equals(readFileSync(file)), `${path} ${accept}: the built ${encoding} file`).toBe(
          true,
        )
      }
      // A client that takes no encoding gets the file itself: nginx's gzip (on in Debian's nginx.conf) stays out.
      const identity = await viaNginx(path, { headers: { 'accept-encoding': 'identity' } })
      expect(identity.headers['content-encoding']).toBeUndefined()
      expect(identity.body.equals(readFileSync(built))).toBe(true)
    }
    await expect.poll(nginxLog).toMatch(/"GET \/assets\/index-[\w-]+\.js HTTP\/1\.1" 200 \d+ .*encoding=br/)
  })

  it('spreads requests over both processes', async () => {
    // /livez, asked by no other test here: a late line of the test before is not counted.
    const livez = (lines: string[]) => lines.filter((line) => line.includes('"GET /livez '))
    const before = nginxLog().length
    for (let i = 0; i < 12; i++) expect((await viaNginx('/livez')).status).toBe(200)
    await expect.poll(() => livez(nginxLog().slice(before).split('\n')).length).toBe(12)
    const lines = livez(nginxLog().slice(before).split('\n'))
    for (const server of servers) {
      const served = lines.filter((line) => line.includes(`upstream=127.0.0.1:${server.port} `)).length
      expect(served, `requests answered by the process on ${server.port}`).toBeGreaterThanOrEqual(3)
    }
  })

  it('keeps answering while one process is upgraded, and finds a new release’s files on the process that has them', async () => {
    const [upgraded, other] = servers
    if (!upgraded || !other) throw new Error('two processes expected')
    // Stopped as `systemctl restart` stops it: the requests meanwhile go to the other process.
    await stopChild(upgraded.child, 'SIGTERM')
    for (let i = 0; i < 6; i++) expect((await viaNginx('/healthz')).status).toBe(200)
    // The new release: the same build plus a content-hashed file the old process does not have.
    const release = join(work, 'release')
    cpSync(join(root, 'apps/web/dist'), release, { recursive: true })
    const probe = `/assets/release-probe-${randomBytes(4).toString('hex')}.js`
    const probeText = `export const release = '${randomBytes(8).toString('hex')}'\n`
    writeFileSync(join(release, probe), probeText)
    servers[0] = await startProcess(upgraded.port, processSettings.dataDir, {
      ...processSettings.environment,
      WEB_DIST_DIR: release,
    })
    // As docs/deploy.md's upgrade loop: nginx takes a process that refused connections back after fail_timeout (5 s).
    // Before that it would have no process to ask after the old one's 404 (502).
    await new Promise((resolve) => setTimeout(resolve, 5_500))
    const before = nginxLog().length
    for (let i = 0; i < 6; i++) {
      const answer = await viaNginx(probe, { headers: { 'accept-encoding': 'br, gzip' } })
      expect(answer.status).toBe(200)
      expect(answer.body.toString('utf8')).toBe(probeText)
    }
    // Asked of the old process first (round robin), its 404 went on to the new one.
    const probeLines = (await nginxLogSince(before, 6)).filter((line) => line.includes(probe))
    expect(probeLines.some((line) => /upstream_status=404, 200 /.test(line))).toBe(true)
  })

  it('counts the client’s own address: not nginx’s, not one the client writes in X-Forwarded-For', async () => {
    const [spoofer, neighbour] = [randomLoopback(), randomLoopback()]
    const authorize = (from: string, forwardedFor?: string) =>
      viaNginx('/auth/telegram/authorize', {
        method: 'POST',
        from,
        headers: {
          'content-type': 'application/json',
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
        body: JSON.stringify({ initData: 'user=%7B%7D&hash=00' }),
      })
    // Each call claims another address; the budget is the spoofer's all the same, one budget over both processes
    // (Redis), and the call after it is refused.
    const statuses: number[] = []
    for (let i = 0; i <= AUTH_BUDGET; i++)
      statuses.push((await authorize(spoofer, `198.51.100.${i + 1}, 203.0.113.7`)).status)
    expect(statuses.slice(0, AUTH_BUDGET).filter((status) => status === 429)).toEqual([])
    expect(statuses[AUTH_BUDGET]).toBe(429)
    // Another client behind the same nginx keeps its budget, and cannot spend the spoofer's by naming it.
    expect((await authorize(neighbour)).status).not.toBe(429)
    expect((await authorize(neighbour, spoofer)).status).not.toBe(429)
    expect((await authorize(spoofer, neighbour)).status).toBe(429)

    // The audit log records the address that failed an operator sign-in: the client's, not the one it claimed.
    const failed = await viaNginx('/ops/session', {
      method: 'POST',
      from: neighbour,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.44' },
      body: JSON.stringify({ login: 'nobody-here', password: 'wrong password', code: '000000' }),
    })
    expect(failed.status).toBe(401)
    const audit = (await ops('GET', '/audit?action=session.login_failed')) as {
      items: { after: { ip?: string } }[]
    }
    expect(audit.items.map((item) => item.after.ip)).toContain(neighbour)
    expect(audit.items.map((item) => item.after.ip)).not.toContain('192.0.2.44')
  })

  it('signs a user in to the mini-app and an operator in to the console, who confirms the user’s invoice', async () => {
    const invite = `DEPLOY${randomBytes(3).toString('hex').toUpperCase()}`
    await ops('POST', '/invites', { code: invite })
    await ops('POST', '/orders', { country: 'US', price: '2', capacity: 100, isOpen: true })
    for (const [key, value] of [
      ['order_open', true],
      ['payment_open', true],
      ['min_payment_limit', '1'],
      ['validation_delay_seconds', 1],
    ] as const)
      await ops('PUT', `/settings/${key}`, { value })

    // The user opens the mini-app through nginx as Telegram would, invited by the operator's code.
    const user = { id: 886_000_001, firstName: 'Dana', lastName: 'Deploy', languageCode: 'en' as const }
    const { page: app, errors } = await openMiniApp(
      browser as Browser,
      { url: nginxUrl, botToken },
      { user, platform: 'android', startParam: invite },
      undefined,
      insecure,
    )
    await app.getByTestId('dashboard-withdraw').waitFor({ timeout: 30_000 })
    await screenshot(app, 'deploy-mini-app-signed-in')
    await supplyAcceptedAccounts({ ops }, app, user.id, ['+12015551800'])
    const invoiceUid = await createInvoiceFromHome(app)
    const confirmation = app.getByTestId('invoice-confirmation')

    // The operator, enrolled with the bootstrap token, signs in on a phone with TOTP (the session cookie is
    // Secure in production: it holds over nginx's TLS) and confirms the invoice from the queue.
    const enrolment: OperatorEnrolment = await enrolOperator({ ops }, 'deploy-olga', 'operator')
    const consoleContext = await (browser as Browser).newContext({
      ...insecure,
      ...PHONE,
    })
    const consolePage: Page = await consoleContext.newPage()
    await signInToConsole(consolePage, { url: nginxUrl }, enrolment)
    const cookies = await consoleContext.cookies()
    expect(cookies.find((cookie) => cookie.name === 'ops_session')?.secure).toBe(true)
    await consolePage.getByRole('link', { name: 'Invoices', exact: true }).click()
    const row = consolePage
      .locator('tr')
      .filter({ hasText: invoiceUid.slice(0, 8) })
      .first()
    await row.waitFor()
    await screenshot(consolePage, 'deploy-console-invoices')
    await row.getByRole('button', { name: 'Confirm', exact: true }).click()
    await consolePage.getByText('No invoices here.').waitFor()
    await expect.poll(() => confirmation.innerText(), { timeout: 20_000 }).toContain('Confirmed')
    await screenshot(app, 'deploy-mini-app-invoice-confirmed')
    await screenshot(consolePage, 'deploy-console-invoice-confirmed')
    expect(errors).toEqual([])

    // The operator's sign-in came from the browser's address (127.0.0.1), and both processes served the browsers.
    const audit = (await ops('GET', `/audit?objectType=invoice&objectId=${invoiceUid}`)) as {
      items: { actor: string; action: string }[]
    }
    expect(audit.items.map((item) => [item.actor, item.action])).toEqual([['deploy-olga', 'invoice.confirm']])
    const signIns = (await ops('GET', '/audit?action=session.login&actor=deploy-olga')) as {
      items: { after: { ip?: string } }[]
    }
    expect(signIns.items.map((item) => item.after.ip)).toEqual(['127.0.0.1'])
    const fromBrowser = nginxLog()
      .split('\n')
      .filter((line) => line.startsWith('127.0.0.1 '))
    for (const server of servers)
      expect(fromBrowser.some((line) => line.includes(`upstream=127.0.0.1:${server.port} `))).toBe(true)
  }, 180_000)

  it('has a systemd unit that systemd-analyze verifies, when the machine has systemd-analyze', async (context) => {
    const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((path) => existsSync(path))
    if (!analyze) return context.skip()
    // A template verifies as one of its instances.
    const instance = join(work, 'account-supply@8001.service')
    writeFileSync(instance, readFileSync(UNIT))
    const result = await run(analyze, ['verify', instance]).catch(
      (error: { code?: number; stdout?: string; stderr?: string }) => error,
    )
    const said = `${result.stdout ?? ''}${result.stderr ?? ''}`
    // Warnings (an unknown key) exit 0 too: any line about the unit fails.
    expect(said.split('\n').filter((line) => line.includes('account-supply'))).toEqual([])
    expect('code' in result ? result.code : 0).toBe(0)
  })
})
