/**
 * SIGKILL in the middle of a stream of withdrawals, then restart and replay: the money invariants hold and
 * nothing committed is lost. The real server process (`server.ts`) is spawned and spoken to over HTTP.
 *
 * Setup: users with accepted accounts (sandbox login flow, operator acceptance). The stream: for each user a
 * re-runnable script (request an invoice, operator confirms, payment request in one of three currencies,
 * operator records the payout), all users at once, staggered so that users are at different steps. After a
 * third of the answers the server is SIGKILLed while requests are in flight. After the restart on the same
 * data (PGlite data folder or PostgreSQL database): everything answered 2xx before the kill is still there
 * with the same or a later status, the ledger has no problems; then every script is replayed from its start
 * and the books must show every user paid exactly once, the invoice amount being the user's accepted net.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { describe, expect, inject, it } from 'vitest'
import { pgliteExtensions } from '../../src/db/client.ts'
import { DEMO_INVITE_CODE } from '../../src/modules/demo/demo-data.ts'
import { SANDBOX_LOGIN_CODE, SANDBOX_PASSWORD } from '../../src/providers/sandbox/scenarios.ts'
import { TEST_AUTH_SECRET, TEST_OPS_TOKEN } from '../helpers/app.ts'
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/database.ts'
import { freshTelegramUser, signInitData, TEST_BOT_TOKEN } from '../helpers/init-data.ts'
import { VALID } from '../helpers/payments.ts'
import { freePort, type SpawnedServer, spawnServer, useProcessFixtures } from '../helpers/spawn-server.ts'

const USERS = 12
/** Four stream answers per user when nothing is replayed; the kill comes after about a third of them. */
const KILL_AFTER = Math.round((USERS * 4) / 3)
/** How long a start may take on a loaded machine. */
const RESTART_DEADLINE_MS = 40_000
const REQUEST_TIMEOUT_MS = 20_000

// --- Processes, folders and databases, cleaned up even when a test fails ---

const fixtures = useProcessFixtures('crash-replay-')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Started = { server: SpawnedServer; port: number; ms: number }

/**
 * Spawns the server and waits for /healthz. A restart right after the SIGKILL must not be refused: the data
 * folder's lock records its owner's pid, so a lock left by a dead process is taken over at once
 * (apps/server/src/lib/data-dir-lock.ts).
 */
async function startServer(env: Record<string, string>): Promise<Started> {
  const t0 = Date.now()
  for (;;) {
    const port = await freePort()
    const server = spawnServer({ ...env, PORT: String(port) })
    fixtures.adopt(server)
    let exited = false
    void server.exited.then(() => {
      exited = true
    })
    for (;;) {
      if (exited) break
      if (Date.now() - t0 > RESTART_DEADLINE_MS) {
        throw new Error(`server not healthy after ${RESTART_DEADLINE_MS} ms: ${server.output().stderr}`)
      }
      try {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
          signal: AbortSignal.timeout(2_000),
        })
        if (response.ok) return { server, port, ms: Date.now() - t0 }
      } catch {
        // not listening yet
      }
      await sleep(50)
    }
    const { stderr } = server.output()
    // Another suite may take the free port between the probe and the listen: try another one.
    if (/Port \d+ is already in use/.test(stderr)) continue
    throw new Error(`server exited with ${server.child.exitCode}: ${stderr}`)
  }
}

// --- HTTP ---

type Answer = { status: number; body: Record<string, unknown> & { code?: string } }
type Who = { token: string } | 'ops' | 'anonymous'
type Call = (method: 'GET' | 'POST' | 'PUT', path: string, who: Who, body?: unknown) => Promise<Answer>

function httpTo(port: number): Call {
  return async (method, path, who, body) => {
    const headers: Record<string, string> = {}
    if (who !== 'anonymous') headers.authorization = `Bearer ${who === 'ops' ? TEST_OPS_TOKEN : who.token}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const text = await response.text()
    let parsed: Answer['body'] = {}
    try {
      parsed = text === '' ? {} : (JSON.parse(text) as Answer['body'])
    } catch {
      parsed = { raw: text }
    }
    return { status: response.status, body: parsed }
  }
}

const is2xx = (status: number) => status >= 200 && status < 300
const describeAnswer = (what: string, answer: Answer) =>
  `${what}: ${answer.status} ${JSON.stringify(answer.body)}`

async function ok(call: Call, method: 'GET' | 'POST' | 'PUT', path: string, who: Who, body?: unknown) {
  const answer = await call(method, path, who, body)
  if (!is2xx(answer.status)) throw new Error(describeAnswer(`${method} ${path}`, answer))
  return answer.body
}

// --- Users and their scripts ---

type Method = 'crypto' | 'trx' | 'irt'
type User = { index: number; token: string; method: Method; expectedCents: number; accounts: number }

const METHODS: Method[] = ['crypto', 'trx', 'irt']

const PAYMENT: Record<
  Method,
  { path: string; body: unknown; succeed: { txid: string; senderAddress?: string } }
> = {
  crypto: {
    path: 'request-payment-crypto',
    body: { receiverAddress: VALID.bsc, network: 'BSC', token: 'USDT' },
    succeed: { txid: VALID.bscTxid, senderAddress: VALID.bsc },
  },
  trx: {
    path: 'request-payment',
    body: { receiverAddress: VALID.tron, currency: 'trx' },
    succeed: { txid: VALID.trxTxid, senderAddress: VALID.tron },
  },
  irt: {
    path: 'request-payment-irt',
    body: {
      bankCardCreate: { name: 'Reza', family: 'Karimi', number: VALID.card, iban: VALID.iban },
      currency: 'irt',
    },
    succeed: { txid: 'BANK-REF-1234' },
  },
}

let nextPhone = Math.floor(Math.random() * 1_000_000)
/** An Iranian mobile number in no sandbox entry: an ordinary account, no 2FA, price of the IR order. */
function ordinaryPhone(): string {
  nextPhone += 7919
  return `+98936${String(nextPhone % 10_000_000).padStart(7, '0')}`
}

const toCents = (usdt: unknown) => Math.round(Number(usdt) * 100)
/** USDT decimal string ('27', '27.5', '0.000001') -> micro units, exactly. */
function micro(usdt: string): bigint {
  const [whole = '0', fraction = ''] = usdt.split('.')
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'))
}

async function setUpUser(call: Call, index: number): Promise<User> {
  const tokens = await ok(call, 'POST', '/auth/telegram/authorize', 'anonymous', {
    // An operator invite: no referrer, so no referral earnings outside the script's books.
    initData: signInitData({ user: freshTelegramUser(), startParam: DEMO_INVITE_CODE }),
  })
  const who = { token: String(tokens.accessToken) }
  const accounts = 1 + (index % 3)
  for (let i = 0; i < accounts; i += 1) {
    await ok(call, 'POST', '/telegram/submit-account-phone', who, {
      phone: ordinaryPhone(),
      submitType: 'login',
    })
    const code = await call('POST', '/telegram/submit-account-code', who, { code: SANDBOX_LOGIN_CODE })
    if (code.status === 303) {
      await ok(call, 'POST', '/telegram/submit-account-password', who, { password: SANDBOX_PASSWORD })
    } else if (code.status !== 200) throw new Error(describeAnswer('submit-account-code', code))
    const submitted = await ok(call, 'POST', '/telegram/submit-account', who)
    await ok(call, 'PUT', `/ops/accounts/${String(submitted.uid)}/status`, 'ops', { status: 'accepted' })
  }
  const filters = encodeURIComponent(JSON.stringify({ status: 'accepted' }))
  const page = await ok(call, 'GET', `/accounts?filters=${filters}&size=100`, who)
  const items = page.items as { net: number; invoice_id: string | null }[]
  expect(items).toHaveLength(accounts)
  expect(items.every((item) => item.invoice_id === null)).toBe(true)
  const expectedCents = items.reduce((sum, item) => sum + toCents(item.net), 0)
  expect(expectedCents).toBeGreaterThan(0)
  return {
    index,
    token: who.token,
    method: METHODS[index % METHODS.length] as Method,
    expectedCents,
    accounts,
  }
}

/** What a 2xx answer said: an invoice or transaction and its status at that moment. */
type Seen = { kind: 'invoice' | 'transaction'; user: number; uid: string; status: string; step: string }
const stepName = (entry: Seen) => entry.step.replace(/ \(\d+\)$/, '')

/** `alreadyDone`: the steps whose answer said an earlier run had done them. */
type Outcome = { invoiceUid: string; transactionUid: string; alreadyDone: string[] }

/**
 * One user's withdrawal from the start, written so that it can be run again over whatever an earlier
 * (interrupted) run committed: each step accepts the answer it gets when that step already happened.
 */
async function runScript(call: Call, user: User, seen: (entry: Seen) => void): Promise<Outcome> {
  const who = { token: user.token }
  const at = (step: string, answer: Answer) => describeAnswer(`user ${user.index} ${step}`, answer)
  const alreadyDone: string[] = []

  // 1. The invoice: 201 the first time; the replay finds the accounts already invoiced.
  let invoiceUid: string
  const created = await call('POST', '/invoices/request-invoice', who)
  if (created.status === 201) {
    invoiceUid = String(created.body.uid)
    seen({ kind: 'invoice', user: user.index, uid: invoiceUid, status: 'pending', step: 'request-invoice' })
  } else {
    expect(created.status, at('request-invoice', created)).toBe(400)
    expect(created.body.code, at('request-invoice', created)).toBe('BALANCE_LOW_ERROR')
    alreadyDone.push('request-invoice')
    const list = await call('GET', '/invoices', who)
    expect(list.status, at('list invoices', list)).toBe(200)
    const items = list.body.items as { uid: string }[]
    expect(items, at('list invoices', list)).toHaveLength(1)
    invoiceUid = (items[0] as { uid: string }).uid
  }

  // 2. The operator confirms it (409 when it already is).
  const confirmed = await call('POST', `/ops/invoices/${invoiceUid}/confirm`, 'ops')
  if (confirmed.status === 200) {
    expect(confirmed.body.confirmationStatus, at('confirm', confirmed)).toBe('confirmed')
    seen({ kind: 'invoice', user: user.index, uid: invoiceUid, status: 'confirmed', step: 'confirm' })
  } else {
    expect(confirmed.status, at('confirm', confirmed)).toBe(409)
    expect(confirmed.body.code, at('confirm', confirmed)).toBe('INVALID_STATE')
    alreadyDone.push('confirm')
  }

  // 3. The payment request: 201 new, 200 the same open one again, 409 once paid.
  const payment = PAYMENT[user.method]
  let transactionUid: string
  const requested = await call('POST', `/invoices/${invoiceUid}/${payment.path}`, who, payment.body)
  if (requested.status === 201 || requested.status === 200) {
    transactionUid = String(requested.body.uid)
    if (requested.status === 200) alreadyDone.push('request payment')
    expect(requested.body.invoiceUid, at('request payment', requested)).toBe(invoiceUid)
    seen({
      kind: 'transaction',
      user: user.index,
      uid: transactionUid,
      status: String(requested.body.status),
      step: `request payment (${requested.status})`,
    })
  } else {
    expect(requested.status, at('request payment', requested)).toBe(409)
    expect(requested.body.code, at('request payment', requested)).toBe('PAYMENT_REQUEST_UNAVAILABLE')
    alreadyDone.push('request payment')
    const detail = await call('GET', `/invoices/${invoiceUid}`, who)
    expect(detail.status, at('invoice detail', detail)).toBe(200)
    expect(detail.body.paymentStatus, at('invoice detail', detail)).toBe('success')
    const paid = (detail.body.transactions as { uid: string; status: string }[]).filter(
      (t) => t.status === 'success',
    )
    expect(paid, at('invoice detail', detail)).toHaveLength(1)
    transactionUid = (paid[0] as { uid: string }).uid
  }

  // 4. The operator records the payout (409 when it already is).
  const succeeded = await call('POST', `/ops/transactions/${transactionUid}/succeed`, 'ops', payment.succeed)
  if (succeeded.status === 200) {
    expect(succeeded.body.status, at('succeed', succeeded)).toBe('success')
    seen({ kind: 'transaction', user: user.index, uid: transactionUid, status: 'success', step: 'succeed' })
  } else {
    expect(succeeded.status, at('succeed', succeeded)).toBe(409)
    expect(succeeded.body.code, at('succeed', succeeded)).toBe('INVALID_STATE')
    alreadyDone.push('succeed')
  }
  return { invoiceUid, transactionUid, alreadyDone }
}

// --- The stream that gets killed ---

class Stopped extends Error {}

type KillReport = {
  answersBeforeKill: number
  /** The steps of the requests sent and not yet answered when SIGKILL was sent. */
  inFlightAtKill: string[]
  failedInFlight: number
  scriptsUnfinishedAtKill: number
  seen: Seen[]
}

/** Stream answers that must have arrived before user i starts: users are at different steps at the kill. */
const STAGGER = 2

const stepOf = (method: string, path: string) =>
  method === 'GET'
    ? 'lookup'
    : (/(request-invoice|confirm|request-payment|succeed)/.exec(path)?.[1]?.replace('-payment', ' payment') ??
      path)

/**
 * Runs every user's script at once, user i starting after i x STAGGER stream answers. The answer that makes
 * KILL_AFTER sends SIGKILL at once, with the other scripts' requests in flight (the server holds them: on
 * PGlite they queue on its one connection). Answers that still arrive afterwards left the server before it
 * died: they count as before the kill.
 */
async function streamUntilKilled(call: Call, server: SpawnedServer, users: User[]): Promise<KillReport> {
  const report: KillReport = {
    answersBeforeKill: 0,
    inFlightAtKill: [],
    failedInFlight: 0,
    scriptsUnfinishedAtKill: -1,
    seen: [],
  }
  let killed = false
  let finished = 0
  const inFlight = new Set<{ step: string }>()
  const waiting = new Map<number, () => void>()
  const openGates = () => {
    for (const [index, start] of waiting) {
      if (killed || index * STAGGER <= report.answersBeforeKill) {
        waiting.delete(index)
        start()
      }
    }
  }

  const streamCall: Call = async (method, path, who, body) => {
    if (killed) throw new Stopped()
    const request = { step: stepOf(method, path) }
    inFlight.add(request)
    let answer: Answer
    try {
      answer = await call(method, path, who, body)
    } catch (error) {
      if (killed) {
        report.failedInFlight += 1
        throw new Stopped()
      }
      throw error
    } finally {
      inFlight.delete(request)
    }
    if (is2xx(answer.status)) {
      report.answersBeforeKill += 1
      if (!killed && report.answersBeforeKill >= KILL_AFTER) {
        server.child.kill('SIGKILL')
        killed = true
        report.inFlightAtKill = [...inFlight].map((r) => r.step)
        report.scriptsUnfinishedAtKill = users.length - finished
      }
      openGates()
    }
    return answer
  }

  await Promise.all(
    users.map(async (user) => {
      if (user.index > 0) await new Promise<void>((start) => waiting.set(user.index, start))
      // A script whose turn came after the kill never begins: the replay runs all of it.
      if (killed) return
      try {
        await runScript(streamCall, user, (entry) => report.seen.push(entry))
        finished += 1
      } catch (error) {
        if (!(error instanceof Stopped)) throw error
      }
    }),
  )
  expect(killed, 'the stream ended before the kill').toBe(true)
  await server.exited
  expect(server.child.signalCode).toBe('SIGKILL')
  return report
}

// --- The test ---

type Ledger = {
  totals: { acceptedNet: string; available: string; onUnpaidInvoices: string; paid: string; paidOut: string }
  problems: string[]
}

const INVOICE_RANK: Record<string, number> = { pending: 0, validating: 0, confirmed: 1 }
const TRANSACTION_RANK: Record<string, number> = { pending: 0, broadcasting: 1, review: 1, success: 2 }

async function crashAndReplay(label: string, env: Record<string, string>) {
  const t0 = Date.now()
  const first = await startServer(env)
  let call = httpTo(first.port)

  const settings: Record<string, unknown> = {
    payment_open: true,
    toman_payment_open: true,
    min_payment_limit: '1',
    max_payment_limit: '1000',
    invoice_delay_seconds: '0',
  }
  for (const [key, value] of Object.entries(settings)) {
    await ok(call, 'PUT', `/ops/settings/${key}`, 'ops', { value })
  }
  const users = await Promise.all(Array.from({ length: USERS }, (_, index) => setUpUser(call, index)))
  const expectedCents = users.reduce((sum, user) => sum + user.expectedCents, 0)
  const expectedMicro = BigInt(expectedCents) * 10_000n
  const tSetUp = Date.now()

  const killed = await streamUntilKilled(call, first.server, users)
  const tKilled = Date.now()

  const second = await startServer(env)
  call = httpTo(second.port)
  const tRestarted = Date.now()

  // Nothing committed is lost: every invoice and transaction answered 2xx before the kill is there,
  // with the same or a later status, before anything is replayed.
  const atRestart = await ok(call, 'GET', '/ops/ledger', 'ops')
  expect((atRestart as Ledger).problems).toEqual([])
  expect(micro((atRestart as Ledger).totals.acceptedNet)).toBe(expectedMicro)
  const byUser = new Map<number, Seen[]>()
  for (const entry of killed.seen) byUser.set(entry.user, [...(byUser.get(entry.user) ?? []), entry])
  for (const user of users) {
    const index = user.index
    const entries = byUser.get(index) ?? []
    const who = { token: user.token }
    const list = await ok(call, 'GET', '/invoices', who)
    const invoices = list.items as { uid: string; confirmationStatus: string; paymentStatus: string }[]
    expect(invoices.length, `user ${index}: invoices after the restart`).toBeLessThanOrEqual(1)
    for (const entry of entries.filter((e) => e.kind === 'invoice')) {
      const invoice = invoices.find((i) => i.uid === entry.uid)
      expect(invoice, `user ${index}: invoice of ${entry.step} lost`).toBeDefined()
      expect(INVOICE_RANK[invoice?.confirmationStatus ?? '']).toBeGreaterThanOrEqual(
        INVOICE_RANK[entry.status] as number,
      )
    }
    for (const entry of entries.filter((e) => e.kind === 'transaction')) {
      const invoice = invoices[0]
      expect(invoice, `user ${index}: invoice of transaction ${entry.uid} lost`).toBeDefined()
      const detail = await ok(call, 'GET', `/invoices/${invoice?.uid}`, who)
      const transactions = detail.transactions as { uid: string; status: string }[]
      const transaction = transactions.find((t) => t.uid === entry.uid)
      expect(transaction, `user ${index}: transaction of ${entry.step} lost`).toBeDefined()
      expect(TRANSACTION_RANK[transaction?.status ?? ''] ?? -1).toBeGreaterThanOrEqual(
        TRANSACTION_RANK[entry.status] as number,
      )
      if (entry.status === 'success') expect(detail.paymentStatus).toBe('success')
    }
  }

  // Replay every script from its start, to completion.
  const replayed: Seen[] = []
  const outcomes = await Promise.all(
    users.map((user) => runScript(call, user, (entry) => replayed.push(entry))),
  )
  const tReplayed = Date.now()

  // The books: everyone paid once, for exactly their accepted net.
  const committedUnanswered: string[] = []
  for (const user of users) {
    const outcome = outcomes[user.index] as Outcome
    const who = { token: user.token }
    const list = await ok(call, 'GET', '/invoices', who)
    const invoices = list.items as {
      uid: string
      amount: number
      confirmationStatus: string
      paymentStatus: string
    }[]
    expect(invoices, `user ${user.index}: invoices`).toHaveLength(1)
    expect(invoices[0]).toMatchObject({
      uid: outcome.invoiceUid,
      confirmationStatus: 'confirmed',
      paymentStatus: 'success',
    })
    expect(toCents(invoices[0]?.amount), `user ${user.index}: invoice amount`).toBe(user.expectedCents)
    const detail = await ok(call, 'GET', `/invoices/${outcome.invoiceUid}`, who)
    expect(detail.transactions, `user ${user.index}: transactions`).toEqual([
      expect.objectContaining({ uid: outcome.transactionUid, status: 'success', paidAt: expect.any(Number) }),
    ])
    for (const entry of byUser.get(user.index) ?? []) {
      expect(entry.uid).toBe(entry.kind === 'invoice' ? outcome.invoiceUid : outcome.transactionUid)
      // What was answered before the kill is found done by the replay, not done again.
      expect(outcome.alreadyDone, `user ${user.index}: replay of ${entry.step}`).toContain(stepName(entry))
    }
    const answered = new Set((byUser.get(user.index) ?? []).map(stepName))
    committedUnanswered.push(...outcome.alreadyDone.filter((step) => !answered.has(step)))
  }
  const allTransactions = (await ok(call, 'GET', '/ops/transactions?limit=1000', 'ops')) as unknown as {
    uid: string
    status: string
  }[]
  expect(allTransactions).toHaveLength(USERS)
  expect(new Set(allTransactions.map((t) => t.uid)).size).toBe(USERS)
  expect(allTransactions.every((t) => t.status === 'success')).toBe(true)
  const allInvoices = (await ok(call, 'GET', '/ops/invoices?limit=1000', 'ops')) as unknown as unknown[]
  expect(allInvoices).toHaveLength(USERS)

  const ledger = (await ok(call, 'GET', '/ops/ledger', 'ops')) as Ledger
  expect(ledger.problems).toEqual([])
  expect(micro(ledger.totals.acceptedNet)).toBe(expectedMicro)
  expect(micro(ledger.totals.paid)).toBe(expectedMicro)
  expect(micro(ledger.totals.paidOut)).toBe(expectedMicro)
  expect(ledger.totals.available).toBe('0')
  expect(ledger.totals.onUnpaidInvoices).toBe('0')

  // The kill really came mid-stream: answers before it, and work left for the replay.
  expect(killed.answersBeforeKill).toBeGreaterThanOrEqual(KILL_AFTER)
  expect(killed.scriptsUnfinishedAtKill).toBeGreaterThan(0)
  expect(replayed.length).toBeGreaterThan(0)

  const tally = (steps: string[]) =>
    Object.entries(
      steps.reduce<Record<string, number>>((acc, step) => {
        acc[step] = (acc[step] ?? 0) + 1
        return acc
      }, {}),
    )
      .sort()
      .map(([step, n]) => `${step} ${n}`)
      .join(', ') || 'none'
  const steps = (entries: Seen[]) => tally(entries.map(stepName))
  console.log(
    `${label}: ${USERS} users, ${users.reduce((n, u) => n + u.accounts, 0)} accounts, ${(expectedCents / 100).toFixed(2)} USDT; ` +
      `SIGKILL after ${killed.answersBeforeKill} 2xx answers (${steps(killed.seen)}), ` +
      `${killed.inFlightAtKill.length} requests in flight (${tally(killed.inFlightAtKill)}), ` +
      `${killed.failedInFlight} failed in flight, ` +
      `${committedUnanswered.length} committed without their answer (${tally(committedUnanswered)}), ` +
      `${killed.scriptsUnfinishedAtKill} scripts unfinished; restart ${second.ms} ms; replay got ${replayed.length} 2xx answers ` +
      `(${steps(replayed)}); times: first start ${first.ms} ms, setup ${tSetUp - t0} ms, stream ${tKilled - tSetUp} ms, ` +
      `restart ${tRestarted - tKilled} ms, replay ${tReplayed - tRestarted} ms, total ${Date.now() - t0} ms`,
  )
  await second.server.stop()
}

function baseEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    AUTH_SECRET: TEST_AUTH_SECRET,
    OPS_TOKEN: TEST_OPS_TOKEN,
    DEMO_DATA: 'true',
    SIMULATOR: 'false',
    VALIDATION_POLL_MS: '0',
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    CODE_SEND_LIMIT_PER_PHONE: '100000',
    CODE_SEND_LIMIT_PER_USER: '100000',
  }
}

/**
 * Restores the migrated snapshot (global-setup) into the data folder where the server opens PGlite: a
 * first start on an empty folder (initdb and every migration) costs 10-15 s on a loaded machine, this
 * a few. The crash and the restart, what this suite is about, are untouched.
 */
async function migratedPgliteDataDir(): Promise<string> {
  const dataDir = fixtures.tempDir()
  const snapshot = new Blob([await readFile(inject('pgliteSnapshotPath'))])
  const client = await PGlite.create(join(dataDir, 'pglite'), {
    loadDataDir: snapshot,
    extensions: pgliteExtensions,
  })
  await client.close()
  return dataDir
}

describe('SIGKILL mid-stream on PGlite, restart, replay', () => {
  it('the data folder recovers, nothing committed is lost, the books add up', async () => {
    await crashAndReplay('pglite', baseEnv(await migratedPgliteDataDir()))
  }, 120_000)
})

describe.runIf(TEST_DATABASE_URL)('SIGKILL mid-stream on PostgreSQL, restart, replay', () => {
  it('nothing committed is lost, the books add up', async () => {
    const database = await createTestDatabase('postgres')
    fixtures.closeLater(() => database.dispose())
    if (!database.url) throw new Error('a PostgreSQL test database has a URL')
    await crashAndReplay('postgres', { ...baseEnv(fixtures.tempDir()), DATABASE_URL: database.url })
  }, 120_000)
})
