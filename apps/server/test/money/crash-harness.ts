/**
 * SIGKILLs in the middle of mixed money traffic, restart, replay (docs/resilience.md, 'Crash'); shared by
 * `npm run bench:crash` (bench/crash.ts, 20 kills) and crash-replay.test.ts (3 kills, in `npm test`).
 *
 * The real server process (`server.ts`) is spawned and spoken to over HTTP. Users (signed in through Telegram,
 * admitted by the operator invite) each run a cycle again and again: submit two accounts through the sandbox's
 * login flow; the operator accepts the first (PUT /ops/accounts/:uid/status), the validation loop accepts the second
 * (validation delay 0; after 3 s of waiting the operator accepts it instead, as a claim held by a killed process
 * lasts its lease); request an invoice; the operator confirms it; a payout request in TRX, USDT BEP20 or toman; the
 * operator records the payout. Every step can be run again over whatever an interrupted run committed: it reads
 * first (the account of that phone, the invoice of this cycle) and takes "already done" answers (409) as done.
 *
 * Every 2xx answer to a write is recorded. After a random number of them (4 to 12 since the last start) the server
 * gets SIGKILL with requests in flight; the users wait; the server restarts on the same data (PGlite folder or
 * PostgreSQL database) and, before anyone goes on, every recorded write must be there with its status or a later
 * one, and the ledger check must be clean. Then each user replays its interrupted cycle. After the last kill every
 * user finishes its cycle and the books must show all of it paid: nothing available, nothing on unpaid invoices,
 * one successful payout per invoice.
 */
import { DEMO_INVITE_CODE } from '#dev/demo/demo-data.ts'
import { SANDBOX_LOGIN_CODE, SANDBOX_PASSWORD } from '#providers/sandbox/scenarios.ts'
import { TEST_OPS_TOKEN } from '../helpers/app.ts'
import { freshTelegramUser, signInitData } from '../helpers/init-data.ts'
import { VALID } from '../helpers/payments.ts'
import { freePort, type SpawnedServer, spawnServer } from './../helpers/spawn-server.ts'

/** How long a start may take on a loaded machine. */
const START_DEADLINE_MS = 60_000
const REQUEST_TIMEOUT_MS = 20_000
/** How long the second account waits for the validation loop before the operator accepts it. */
const VALIDATION_WAIT_MS = 3_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// --- The server ---

type Started = { server: SpawnedServer; port: number; ms: number }

/**
 * Spawns the server and waits for its `Ready on` line and /healthz: the restart time. A lock on the data folder left by the killed process
 * is taken over at once (it records its owner's pid: apps/server/src/lib/data-dir-lock.ts).
 */
async function startServer(env: Record<string, string>, adopt: (s: SpawnedServer) => void): Promise<Started> {
  const t0 = Date.now()
  for (;;) {
    const port = await freePort()
    const server = spawnServer({ ...env, PORT: String(port) })
    adopt(server)
    let exited = false
    void server.exited.then(() => {
      exited = true
    })
    for (;;) {
      if (exited) break
      if (Date.now() - t0 > START_DEADLINE_MS) {
        throw new Error(`server not healthy after ${START_DEADLINE_MS} ms: ${server.output().stderr}`)
      }
      // Its own line first: with other suites running, another server may answer on a port this one failed to take.
      if (server.output().stdout.includes(`Ready on http://localhost:${port}`)) {
        try {
          const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
            signal: AbortSignal.timeout(2_000),
          })
          if (response.ok) return { server, port, ms: Date.now() - t0 }
        } catch {
          // not answering yet
        }
      }
      await sleep(25)
    }
    const { stderr } = server.output()
    // Another suite may take the free port between the probe and the listen: try another one.
    if (/Port \d+ is already in use/.test(stderr)) continue
    throw new Error(`server exited with ${server.child.exitCode}: ${stderr}`)
  }
}

// --- HTTP ---

export type Answer = { status: number; body: Record<string, unknown> & { code?: string } }
type Who = { token: string } | 'ops' | 'anonymous'
type Method = 'GET' | 'POST' | 'PUT'

async function request(
  port: number,
  method: Method,
  path: string,
  who: Who,
  body?: unknown,
): Promise<Answer> {
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

const is2xx = (status: number) => status >= 200 && status < 300
const describe = (what: string, answer: Answer) => `${what}: ${answer.status} ${JSON.stringify(answer.body)}`

// --- What was acknowledged ---

type Kind = 'account' | 'invoice' | 'transaction'
/** A 2xx answer to a write: the row and its status at that moment. */
export type Ack = { kind: Kind; user: number; uid: string; status: string; step: string }

const RANK: Record<Kind, Record<string, number>> = {
  account: { pending: 0, accepted: 1 },
  invoice: { pending: 0, validating: 0, confirmed: 1 },
  transaction: { pending: 0, broadcasting: 1, review: 1, success: 2 },
}

// --- Users ---

type PayoutMethod = 'crypto' | 'trx' | 'irt'
const METHODS: PayoutMethod[] = ['crypto', 'trx', 'irt']
const PAYMENT: Record<
  PayoutMethod,
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
    // A bank reference is one payout's (the transaction's uid is added below).
    succeed: { txid: 'BANK' },
  },
}

type User = {
  index: number
  token: string
  method: PayoutMethod
  /** Invoices of finished cycles: this cycle's invoice is the one not among them. */
  invoices: Set<string>
  cycles: number
}

/** Thrown by a call when the server died under it (or is down): the cycle is replayed after the restart. */
class Interrupted extends Error {}

// --- The run ---

export type CrashOptions = {
  label: string
  /** The server's environment (DATA_DIR and, for PostgreSQL, DATABASE_URL). */
  env: Record<string, string>
  kills: number
  users: number
  /** Keeps each spawned server for the caller's cleanup. */
  adopt: (server: SpawnedServer) => void
  log?: (line: string) => void
}

export type CrashReport = {
  label: string
  kills: number
  restartsMs: number[]
  /** Writes answered 2xx in all. */
  acknowledged: number
  /** Requests in flight at each kill. */
  inFlightAtKills: number[]
  /** Recorded writes missing (or with an earlier status) after a restart: must be empty. */
  lost: string[]
  /** Ledger problems seen after any restart or at the end: must be empty. */
  ledgerProblems: string[]
  /** Problems of the final books (something left unpaid, a payout missing): must be empty. */
  endProblems: string[]
  cycles: number
  accounts: number
  invoices: number
  totalMs: number
}

export async function runCrashSuite(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? (() => undefined)
  const t0 = Date.now()
  let current = await startServer(options.env, options.adopt)
  log(`${options.label}: first start ${current.ms} ms`)
  const report: CrashReport = {
    label: options.label,
    kills: 0,
    restartsMs: [],
    acknowledged: 0,
    inFlightAtKills: [],
    lost: [],
    ledgerProblems: [],
    endProblems: [],
    cycles: 0,
    accounts: 0,
    invoices: 0,
    totalMs: 0,
  }

  // The gate: closed while the server is down or being checked; calls wait at it.
  let up: Promise<void> = Promise.resolve()
  let open: () => void = () => undefined
  let down = false
  let stopping = false
  let inFlight = 0
  let acksSinceStart = 0
  let killAfter = 4 + Math.floor(Math.random() * 9)
  let onAck: () => void = () => undefined
  const acks: Ack[] = []

  const call = async (method: Method, path: string, who: Who, body?: unknown): Promise<Answer> => {
    await up
    if (down) throw new Interrupted()
    const server = current
    inFlight += 1
    try {
      return await request(server.port, method, path, who, body)
    } catch (error) {
      if (down || server !== current) throw new Interrupted()
      throw error
    } finally {
      inFlight -= 1
    }
  }
  const ok = async (method: Method, path: string, who: Who, body?: unknown) => {
    const answer = await call(method, path, who, body)
    if (!is2xx(answer.status)) throw new Error(describe(`${method} ${path}`, answer))
    return answer.body
  }
  const ack = (entry: Ack) => {
    acks.push(entry)
    report.acknowledged += 1
    acksSinceStart += 1
    onAck()
  }

  // Setup, before any kill.
  for (const [key, value] of Object.entries({
    order_open: true,
    payment_open: true,
    toman_payment_open: true,
    min_payment_limit: '1',
    max_payment_limit: '100000',
    invoice_delay_seconds: '0',
    validation_delay_seconds: '0',
  })) {
    await ok('PUT', `/ops/settings/${key}`, 'ops', { value })
  }
  const users: User[] = []
  for (let index = 0; index < options.users; index += 1) {
    const tokens = await ok('POST', '/auth/telegram/authorize', 'anonymous', {
      initData: signInitData({ user: freshTelegramUser(), startParam: DEMO_INVITE_CODE }),
    })
    users.push({
      index,
      token: String(tokens.accessToken),
      method: METHODS[index % METHODS.length] as PayoutMethod,
      invoices: new Set(),
      cycles: 0,
    })
  }
  const phoneBase = 1_000_000 + Math.floor(Math.random() * 8_000_000)
  /** Iranian mobile numbers in no sandbox entry: ordinary accounts, the same on a replay of the cycle. */
  const phoneOf = (user: User, cycle: number, i: number) =>
    `+98937${String((phoneBase + user.index * 10_000 + cycle * 2 + i) % 10_000_000).padStart(7, '0')}`

  /** The account of `phone` if this user has one (a replay after its submit-account was committed). */
  const accountOf = async (who: { token: string }, phone: string) => {
    const page = await ok('GET', `/accounts?search=${encodeURIComponent(phone.slice(-10))}&size=100`, who)
    const items = page.items as { uid: string; phone: string; status: string }[]
    return items.find((item) => item.phone.replace(/\D/g, '').endsWith(phone.slice(-10)))
  }

  async function submitAccount(user: User, phone: string): Promise<{ uid: string; status: string }> {
    const who = { token: user.token }
    const existing = await accountOf(who, phone)
    if (existing) return existing
    await ok('POST', '/telegram/submit-account-phone', who, { phone, submitType: 'login' })
    const code = await call('POST', '/telegram/submit-account-code', who, { code: SANDBOX_LOGIN_CODE })
    if (code.status === 303)
      await ok('POST', '/telegram/submit-account-password', who, { password: SANDBOX_PASSWORD })
    else if (code.status !== 200) throw new Error(describe('submit-account-code', code))
    const submitted = await ok('POST', '/telegram/submit-account', who)
    const uid = String(submitted.uid)
    ack({ kind: 'account', user: user.index, uid, status: 'pending', step: 'submit-account' })
    return { uid, status: 'pending' }
  }

  async function accept(user: User, uid: string): Promise<void> {
    const answer = await call('PUT', `/ops/accounts/${uid}/status`, 'ops', { status: 'accepted' })
    if (!is2xx(answer.status)) throw new Error(describe(`accept ${uid}`, answer))
    ack({ kind: 'account', user: user.index, uid, status: 'accepted', step: 'operator accepts' })
  }

  async function waitForValidation(user: User, uid: string): Promise<void> {
    const who = { token: user.token }
    const until = Date.now() + VALIDATION_WAIT_MS
    while (Date.now() < until) {
      const detail = await ok('GET', `/accounts/${uid}`, who)
      if (detail.status === 'accepted') return
      if (detail.status !== 'pending') throw new Error(`account ${uid}: ${String(detail.status)}`)
      await sleep(100)
    }
    await accept(user, uid)
  }

  async function runCycle(user: User, cycle: number): Promise<void> {
    const who = { token: user.token }
    const at = (step: string, answer: Answer) => describe(`user ${user.index} cycle ${cycle} ${step}`, answer)
    // 1. Two accounts, accepted by the operator and by the validation loop.
    const first = await submitAccount(user, phoneOf(user, cycle, 0))
    if (first.status === 'pending') await accept(user, first.uid)
    const second = await submitAccount(user, phoneOf(user, cycle, 1))
    if (second.status === 'pending') await waitForValidation(user, second.uid)

    // 2. The invoice: 201 the first time; a replay finds the accounts already invoiced.
    let invoiceUid: string
    const created = await call('POST', '/invoices/request-invoice', who)
    if (created.status === 201) {
      invoiceUid = String(created.body.uid)
      ack({ kind: 'invoice', user: user.index, uid: invoiceUid, status: 'pending', step: 'request-invoice' })
    } else {
      if (created.status !== 400 || created.body.code !== 'BALANCE_LOW_ERROR')
        throw new Error(at('request-invoice', created))
      const list = await ok('GET', '/invoices?size=100', who)
      const fresh = (list.items as { uid: string }[]).filter((item) => !user.invoices.has(item.uid))
      if (fresh.length !== 1)
        throw new Error(`user ${user.index} cycle ${cycle}: ${fresh.length} new invoices`)
      invoiceUid = (fresh[0] as { uid: string }).uid
    }

    // 3. The operator confirms it (409 when it already is).
    const confirmed = await call('POST', `/ops/invoices/${invoiceUid}/confirm`, 'ops')
    if (confirmed.status === 200) {
      ack({ kind: 'invoice', user: user.index, uid: invoiceUid, status: 'confirmed', step: 'confirm' })
    } else if (confirmed.status !== 409 || confirmed.body.code !== 'INVALID_STATE')
      throw new Error(at('confirm', confirmed))

    // 4. The payout request: 201 new, 200 the same open one again, 409 once paid.
    const payment = PAYMENT[user.method]
    let transactionUid: string
    const requested = await call('POST', `/invoices/${invoiceUid}/${payment.path}`, who, payment.body)
    if (requested.status === 201 || requested.status === 200) {
      transactionUid = String(requested.body.uid)
      ack({
        kind: 'transaction',
        user: user.index,
        uid: transactionUid,
        status: String(requested.body.status),
        step: 'request payment',
      })
    } else {
      if (requested.status !== 409 || requested.body.code !== 'PAYMENT_REQUEST_UNAVAILABLE')
        throw new Error(at('request payment', requested))
      const detail = await ok('GET', `/invoices/${invoiceUid}`, who)
      const paid = (detail.transactions as { uid: string; status: string }[]).filter(
        (t) => t.status === 'success',
      )
      if (paid.length !== 1) throw new Error(at('invoice detail', { status: 200, body: detail }))
      transactionUid = (paid[0] as { uid: string }).uid
    }

    // 5. The operator records the payout (409 when it already is).
    const succeeded = await call(
      'POST',
      `/ops/transactions/${transactionUid}/succeed`,
      'ops',
      user.method === 'irt' ? { txid: `${payment.succeed.txid}-${transactionUid}` } : payment.succeed,
    )
    if (succeeded.status === 200) {
      ack({ kind: 'transaction', user: user.index, uid: transactionUid, status: 'success', step: 'succeed' })
    } else if (succeeded.status !== 409 || succeeded.body.code !== 'INVALID_STATE')
      throw new Error(at('succeed', succeeded))
    user.invoices.add(invoiceUid)
  }

  async function runUser(user: User): Promise<void> {
    // Users start a little apart, so that they are at different steps when the server dies.
    await sleep(user.index * 150)
    for (let cycle = 0; !stopping; cycle += 1) {
      for (;;) {
        try {
          await runCycle(user, cycle)
          break
        } catch (error) {
          if (!(error instanceof Interrupted)) throw error
          // Replayed from its start once the server is back.
        }
      }
      user.cycles += 1
    }
  }

  /** Every recorded write is there with its status or a later one; the ledger is clean. */
  async function check(when: string): Promise<void> {
    const port = current.port
    const get = async (path: string, who: Who) => {
      const answer = await request(port, 'GET', path, who)
      if (answer.status !== 200) throw new Error(describe(`${when}: GET ${path}`, answer))
      return answer.body
    }
    const found = new Map<string, string>()
    for (const user of users) {
      const who = { token: user.token }
      for (let cursor: string | null = ''; cursor !== null; ) {
        const page = await get(
          `/accounts?size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          who,
        )
        for (const item of page.items as { uid: string; status: string }[])
          found.set(`account ${item.uid}`, item.status)
        cursor = (page.nextPage as string | null) ?? null
      }
      for (let cursor: string | null = ''; cursor !== null; ) {
        const page = await get(
          `/invoices?size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          who,
        )
        for (const item of page.items as { uid: string; confirmationStatus: string }[]) {
          found.set(`invoice ${item.uid}`, item.confirmationStatus)
          const detail = await get(`/invoices/${item.uid}`, who)
          for (const t of detail.transactions as { uid: string; status: string }[])
            found.set(`transaction ${t.uid}`, t.status)
        }
        cursor = (page.nextPage as string | null) ?? null
      }
    }
    for (const entry of acks) {
      const status = found.get(`${entry.kind} ${entry.uid}`)
      const rank = RANK[entry.kind]
      if (status === undefined)
        report.lost.push(
          `${when}: ${entry.kind} ${entry.uid} of user ${entry.user} (${entry.step}) is missing`,
        )
      else if ((rank[status] ?? -1) < (rank[entry.status] as number)) {
        report.lost.push(
          `${when}: ${entry.kind} ${entry.uid} is ${status}, answered ${entry.status} (${entry.step})`,
        )
      }
    }
    const ledger = await get('/ops/ledger', 'ops')
    for (const problem of ledger.problems as string[]) report.ledgerProblems.push(`${when}: ${problem}`)
  }

  const runners = users.map((user) => runUser(user))
  const failed = Promise.all(runners).then(
    () => undefined,
    (error: unknown) => error,
  )

  for (let kill = 1; kill <= options.kills; kill += 1) {
    // Wait for enough acknowledged writes since the start (or a runner's failure).
    await Promise.race([
      new Promise<void>((resolve) => {
        onAck = () => {
          if (acksSinceStart >= killAfter) resolve()
        }
        onAck()
      }),
      failed.then((error) => {
        if (error !== undefined) throw error
      }),
    ])
    onAck = () => undefined
    const victim = current.server
    down = true
    up = new Promise((resolve) => {
      open = resolve
    })
    report.inFlightAtKills.push(inFlight)
    victim.child.kill('SIGKILL')
    await victim.exited
    if (victim.child.signalCode !== 'SIGKILL') throw new Error(`kill ${kill}: the server ended otherwise`)
    current = await startServer(options.env, options.adopt)
    report.restartsMs.push(current.ms)
    report.kills += 1
    await check(`after kill ${kill}`)
    log(
      `${options.label}: kill ${kill}, ${report.inFlightAtKills.at(-1)} requests in flight, ${acks.length} writes acknowledged so far; restart ${current.ms} ms; lost ${report.lost.length}, ledger problems ${report.ledgerProblems.length}`,
    )
    acksSinceStart = 0
    killAfter = 4 + Math.floor(Math.random() * 9)
    down = false
    open()
  }
  stopping = true
  const error = await failed
  if (error !== undefined) throw error

  // The end: everything replayed to completion, the books show all of it paid.
  await check('at the end')
  const ledger = (await request(current.port, 'GET', '/ops/ledger', 'ops')).body as {
    totals: Record<string, string>
    problems: string[]
  }
  if (ledger.totals.available !== '0') report.endProblems.push(`available ${ledger.totals.available}, not 0`)
  if (ledger.totals.onUnpaidInvoices !== '0')
    report.endProblems.push(`on unpaid invoices ${ledger.totals.onUnpaidInvoices}`)
  if (ledger.totals.paid !== ledger.totals.acceptedNet || ledger.totals.paidOut !== ledger.totals.paid) {
    report.endProblems.push(
      `accepted ${ledger.totals.acceptedNet}, paid ${ledger.totals.paid}, paid out ${ledger.totals.paidOut}`,
    )
  }
  for (const user of users) {
    const list = (await request(current.port, 'GET', '/invoices?size=100', { token: user.token })).body
    const items = list.items as { uid: string; paymentStatus: string; confirmationStatus: string }[]
    report.invoices += items.length
    if (items.length !== user.cycles)
      report.endProblems.push(`user ${user.index}: ${items.length} invoices for ${user.cycles} cycles`)
    for (const item of items) {
      if (item.confirmationStatus !== 'confirmed' || item.paymentStatus !== 'success') {
        report.endProblems.push(`invoice ${item.uid}: ${item.confirmationStatus}/${item.paymentStatus}`)
      }
    }
    report.cycles += user.cycles
  }
  report.accounts = acks.filter((a) => a.kind === 'account' && a.status === 'pending').length
  await current.server.stop()
  report.totalMs = Date.now() - t0
  return report
}

const median = (values: number[]) => {
  const sorted = values.slice().sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0
}

export function formatReport(report: CrashReport): string {
  const restarts = report.restartsMs
  return (
    `${report.label}: ${report.kills} SIGKILLs, ${report.acknowledged} writes acknowledged (${report.cycles} cycles: ` +
    `${report.accounts} accounts, ${report.invoices} invoices paid), requests in flight at the kills ${report.inFlightAtKills.join(' ')}; ` +
    `restart ms min ${Math.min(...restarts)} / median ${median(restarts)} / max ${Math.max(...restarts)}; ` +
    `writes lost ${report.lost.length}, ledger problems ${report.ledgerProblems.length}, end problems ${report.endProblems.length}; ` +
    `total ${(report.totalMs / 1000).toFixed(1)} s`
  )
}
