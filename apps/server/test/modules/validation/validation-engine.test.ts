/**
 * The validation engine: every sandbox outcome, review revalidation after 24 h, the limit discount,
 * the dashboard's balance and count, and claims that never validate an account twice.
 */
import type { Dashboard } from '@app/contract'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '#db/client.ts'
import { accounts } from '#db/schema.ts'
import { createValidationService, netAmount, VALIDATION_CONCURRENCY } from '#modules/validation/service.ts'
import type { AccountProvider } from '#providers/account-provider.ts'
import { createSandboxProvider } from '#providers/sandbox/sandbox-provider.ts'
import { SANDBOX_SCENARIOS } from '#providers/sandbox/scenarios.ts'
import { insertAccounts, newUser, submitOrdinaryAccount, userIdOf } from '#test-helpers/accounts.ts'
import { buildApp, testConfig, useTestApp } from '#test-helpers/app.ts'
import {
  createTestDatabase,
  DATABASE_KINDS,
  openTestPool,
  TEST_DATABASE_URL,
} from '#test-helpers/database.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk } from '#test-helpers/payments.ts'

const HOUR = 3600 * 1000
const sandbox = createSandboxProvider()

/** One run of the engine as the app builds it, with this provider and clock. */
const runDueValidations = (deps: { db: Db; provider: AccountProvider; now?: () => Date }, limit: number) =>
  createValidationService({
    db: deps.db,
    accountProvider: deps.provider,
    now: deps.now ?? (() => new Date()),
  }).runDue(limit)

/** The sandbox, counting validate calls per phone, with a little jitter so concurrent batches interleave. */
function countingProvider() {
  const calls = new Map<string, number>()
  const provider: AccountProvider = {
    ...sandbox,
    async validate(input) {
      calls.set(input.phone, (calls.get(input.phone) ?? 0) + 1)
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3))
      return sandbox.validate(input)
    },
  }
  return { provider, calls }
}

describe('net amount', () => {
  it('takes the discount off only when permanently limited, in integers', () => {
    expect(netAmount(2_000_000n, { limitStatus: 'permanent_limited', limitDiscount: 20 })).toBe(1_600_000n)
    expect(netAmount(1_000_001n, { limitStatus: 'permanent_limited', limitDiscount: 33 })).toBe(670_000n)
    expect(netAmount(2_000_000n, { limitStatus: 'temporary_limited', limitDiscount: 20 })).toBe(2_000_000n)
  })
})

describe.each(DATABASE_KINDS)('validation engine on %s', (kind) => {
  const t = useTestApp(kind)

  it('moves every sandbox scenario to its outcome; review is revalidated after 24 h', async () => {
    const u = await newUser(t.app)
    const scenarios = SANDBOX_SCENARIOS.filter((s) => s.behaviour.validations !== undefined)
    const byPhone = new Map<string, string>()
    for (const s of scenarios) byPhone.set(s.phone, (await submitOrdinaryAccount(u.post, s.phone)).uid)
    const detail = async (phone: string) => (await u.get(`/accounts/${byPhone.get(phone)}`)).json()

    // Not due yet: nothing happens.
    const { provider, calls } = countingProvider()
    expect(await runDueValidations({ db: t.database.db, provider }, 100)).toBe(0)
    const later = new Date(Date.now() + 60_000)
    expect(await runDueValidations({ db: t.database.db, provider, now: () => later }, 100)).toBe(
      scenarios.length,
    )

    expect(await detail('+12015550101')).toMatchObject({
      status: 'accepted',
      validationStatus: 'success',
      limitStatus: 'not_limited',
      net: 2,
      validationAt: Math.floor(later.getTime() / 1000),
    })
    expect(await detail('+12015550102')).toMatchObject({
      status: 'accepted',
      limitStatus: 'temporary_limited',
      net: 2,
    })
    expect(await detail('+12015550103')).toMatchObject({
      status: 'accepted',
      limitStatus: 'permanent_limited',
      limitDiscount: 20,
      price: 2,
      net: 1.6,
    })
    expect(await detail('+12015550104')).toMatchObject({ status: 'accepted', limitStatus: 'unknown' })
    expect(await detail('+12015550105')).toMatchObject({
      status: 'accepted',
      checkLimitStatus: false,
      limitStatus: 'pending',
    })
    for (const phone of ['+12015550106', '+12015550107']) {
      expect(await detail(phone)).toMatchObject({
        status: 'pending',
        validationStatus: 'review',
        checkSingleAuthorization: false,
        validationAt: Math.floor((later.getTime() + 24 * HOUR) / 1000),
      })
    }
    const failures: [string, Record<string, boolean>][] = [
      ['+12015550108', { check2Fa: false }],
      ['+12015550109', { checkAuthorization: false }],
      ['+12015550110', { checkConnection: false }],
      ['+12015550111', { checkChats: false }],
      ['+12015550112', { checkFreeze: true }],
      ['+12015550113', { checkSendMessage: false }],
      ['+12015550114', { checkAddContact: false }],
      ['+12015550115', {}],
    ]
    for (const [phone, checks] of failures) {
      const account = await detail(phone)
      expect(account).toMatchObject({ status: 'rejected', validationStatus: 'failed', ...checks })
      expect(account.validation).toMatchObject({ status: 'failed' })
    }

    // 23 hours on: review is not due yet. 24 hours on: revalidated.
    const in23h = new Date(later.getTime() + 23 * HOUR)
    expect(await runDueValidations({ db: t.database.db, provider, now: () => in23h }, 100)).toBe(0)
    const in24h = new Date(later.getTime() + 24 * HOUR + 1000)
    expect(await runDueValidations({ db: t.database.db, provider, now: () => in24h }, 100)).toBe(2)
    expect(await detail('+12015550106')).toMatchObject({ status: 'accepted', validationStatus: 'success' })
    expect(await detail('+12015550107')).toMatchObject({
      status: 'rejected',
      validationStatus: 'failed',
      checkSingleAuthorization: false,
    })
    expect(calls.get('+12015550106')).toBe(2)
    expect(calls.get('+12015550101')).toBe(1)

    // The dashboard: every account counts; accepted ones add their net.
    const dashboard = (await u.get('/dashboard')).json() as Dashboard
    expect(dashboard.account.count).toBe(scenarios.length)
    // Accepted: 0101, 0102, 0104, 0105, 0106 at 2.00 and 0103 at 1.60.
    expect(dashboard.invoice.paymentAvailableF).toBe('11.60')
    expect(dashboard.invoice.paymentAvailable).toBe(11.6)
    expect(dashboard.invoice.isPaymentAvailable).toBe(true)
  })

  it("a late outcome never overrides the operator's decision, nor moves an account on an invoice", async () => {
    const ops = opsOf(t.app)
    await openPayments(ops)
    const u = await newUser(t.app)
    const userId = await userIdOf(t.database.db, u.telegramId)
    const [uid] = await acceptedAccounts(t.database.db, userId, [2_000_000n])
    await opsOk(ops, 'PUT', `/ops/accounts/${uid}/status`, { status: 'pending' })
    await t.database.db.execute(
      sql`update accounts set validation_at = now() - interval '1 minute' where uid = ${uid}`,
    )
    // The provider answers "rejected", but only after the operator accepted the account and it went on an invoice.
    const rejected = SANDBOX_SCENARIOS.find((s) => s.outcome.startsWith('rejected'))
    if (!rejected) throw new Error('the sandbox has a rejected scenario')
    let called!: () => void
    const validating = new Promise<void>((resolve) => {
      called = resolve
    })
    let answer!: () => void
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    const provider: AccountProvider = {
      ...sandbox,
      async validate(input) {
        called()
        await answered
        return sandbox.validate({ ...input, phone: rejected.phone })
      },
    }
    const run = runDueValidations({ db: t.database.db, provider }, 10)
    await validating
    await opsOk(ops, 'PUT', `/ops/accounts/${uid}/status`, { status: 'accepted' })
    expect((await u.post('/invoices/request-invoice')).statusCode).toBe(201)
    answer()
    expect(await run).toBe(0)
    const [row] = await t.database.db
      .select({ status: accounts.status, invoiceId: accounts.invoiceId })
      .from(accounts)
      .where(eq(accounts.uid, uid as string))
    expect(row?.status).toBe('accepted')
    expect(row?.invoiceId).not.toBeNull()
    expect((await opsOk<{ problems: string[] }>(ops, 'GET', '/ops/ledger')).problems).toEqual([])
  })

  it('a batch holds at most VALIDATION_CONCURRENCY accounts (and connections) at once', async () => {
    const u = await newUser(t.app)
    const userId = await userIdOf(t.database.db, u.telegramId)
    await insertAccounts(t.database.db, userId, 20, {
      prefix: 51,
      status: 'pending',
      validationAt: new Date(0),
    })
    let inFlight = 0
    let most = 0
    const provider: AccountProvider = {
      ...sandbox,
      async validate(input) {
        inFlight += 1
        most = Math.max(most, inFlight)
        await new Promise((resolve) => setTimeout(resolve, 5))
        inFlight -= 1
        return sandbox.validate(input)
      },
    }
    // All 20 in one batch: before, each had its own transaction at once and the pool's queue went to the batch.
    expect(await runDueValidations({ db: t.database.db, provider }, 50)).toBe(20)
    expect(most).toBe(VALIDATION_CONCURRENCY)
  })

  it('concurrent runs in one process validate each due account exactly once', async () => {
    const u = await newUser(t.app)
    const userId = await userIdOf(t.database.db, u.telegramId)
    await insertAccounts(t.database.db, userId, 300, {
      prefix: 50,
      status: 'pending',
      validationAt: new Date(0),
    })
    const { provider, calls } = countingProvider()
    const deps = { db: t.database.db, provider }
    let total = 0
    for (;;) {
      const done = await Promise.all(Array.from({ length: 6 }, () => runDueValidations(deps, 25)))
      const sum = done.reduce((a, b) => a + b, 0)
      total += sum
      if (sum === 0) break
    }
    expect(total).toBe(300)
    expect(calls.size).toBe(300)
    expect([...calls.values()].every((n) => n === 1)).toBe(true)
    const [left] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.status, 'pending')))
    expect(left?.n).toBe(0)
  })
})

describe.runIf(TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  it('validate 1,000 due accounts, each exactly once', async () => {
    const testDatabase = await createTestDatabase('postgres')
    const { provider, calls } = countingProvider()
    const config = testConfig({ validation: { pollMs: 5, batchSize: 40 } })
    const first = await buildApp(config, { database: testDatabase.database, accountProvider: provider })
    // The second process: its own pool on the same database, its own app and validation loop.
    const secondDatabase = openTestPool(testDatabase.url ?? '')
    const second = await buildApp(testConfig({ validation: { pollMs: 5, batchSize: 40 } }), {
      database: secondDatabase,
      accountProvider: provider,
    })
    try {
      const u = await newUser(first)
      const userId = await userIdOf(testDatabase.database.db, u.telegramId)
      await insertAccounts(testDatabase.database.db, userId, 1000, {
        prefix: 60,
        status: 'pending',
        validationAt: new Date(0),
      })
      const deadline = Date.now() + 60_000
      for (;;) {
        const [row] = await testDatabase.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(accounts)
          .where(sql`${accounts.validationStatus} = 'pending'`)
        if (row?.n === 0 || Date.now() > deadline) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(calls.size).toBe(1000)
      expect([...calls.values()].filter((n) => n !== 1)).toEqual([])
    } finally {
      await second.close()
      await first.close()
      await secondDatabase.close()
      await testDatabase.dispose()
    }
  }, 90_000)
})
