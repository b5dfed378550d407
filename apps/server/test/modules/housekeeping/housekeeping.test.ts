/**
 * Housekeeping (docs/resilience.md): rows past their retention go, fresh ones stay, money rows and the audit log are
 * never touched, and with two processes on one PostgreSQL only one prunes a round.
 */
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '#db/client.ts'
import { tableRowCounts } from '#modules/housekeeping/repository.ts'
import { createHousekeepingService } from '#modules/housekeeping/service.ts'
import { buildApp, testConfig } from '#test-helpers/app.ts'
import {
  createTestDatabase,
  DATABASE_KINDS,
  openTestPool,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '#test-helpers/database.ts'

const HOUR = 3600_000
const DAY = 24 * HOUR
const silent = { info: () => undefined, error: () => undefined }

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

const at = (now: Date, offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString()

/**
 * Rows of every pruned kind, each tagged `old-*` (past retention: must go) or `fresh-*`/`keep-*` (must stay), plus
 * money rows and an audit entry far older than any retention.
 */
async function seed(db: Db, now: Date): Promise<void> {
  const [user] = await rows<{ id: string }>(
    db,
    sql`insert into users (telegram_id, first_name) values (424242, 'Hk') returning id`,
  )
  const userId = Number(user?.id)
  const t = (offset: number) => sql`${at(now, offset)}::timestamptz`
  await db.execute(sql`insert into rate_limit_counters (key, window_start, count) values
    ('old-counter', ${t(-25 * HOUR)}, 3), ('fresh-counter', ${t(-10 * 60_000)}, 3)`)
  await db.execute(sql`insert into sign_in_addresses (subject, address, last_success_at) values
    ('email:hk@example.com', 'old-address', ${t(-31 * DAY)}), ('email:hk@example.com', 'fresh-address', ${t(-29 * DAY)})`)
  await db.execute(sql`insert into refresh_tokens (user_id, family_id, token_hash, expires_at, used_at, revoked_at) values
    (${userId}, gen_random_uuid(), 'old-expired', ${t(-8 * DAY)}, null, null),
    (${userId}, gen_random_uuid(), 'old-spent', ${t(20 * DAY)}, ${t(-8 * DAY)}, null),
    (${userId}, gen_random_uuid(), 'old-revoked', ${t(20 * DAY)}, null, ${t(-8 * DAY)}),
    (${userId}, gen_random_uuid(), 'fresh-live', ${t(30 * DAY)}, null, null),
    (${userId}, gen_random_uuid(), 'fresh-spent', ${t(29 * DAY)}, ${t(-1 * DAY)}, null),
    (${userId}, gen_random_uuid(), 'fresh-expired', ${t(-1 * DAY)}, null, null)`)
  const [identity] = await rows<{ id: string }>(
    db,
    sql`insert into email_identities (email, password_hash) values ('hk@example.com', 'x') returning id`,
  )
  const [other] = await rows<{ id: string }>(
    db,
    sql`insert into email_identities (email, password_hash) values ('hk2@example.com', 'x') returning id`,
  )
  await db.execute(sql`insert into email_codes (identity_id, purpose, code_hash, new_password_hash, expires_at, used_at) values
    (${Number(identity?.id)}, 'reset', 'old-reset-hold', 'hash', ${t(-8 * DAY)}, null),
    (${Number(identity?.id)}, 'verify', 'old-used', null, ${t(-8 * DAY + 600_000)}, ${t(-8 * DAY)}),
    (${Number(other?.id)}, 'verify', 'fresh-code', null, ${t(600_000)}, null)`)
  await db.execute(sql`insert into email_registrations (identity_id, password_hash, created_at) values
    (${Number(other?.id)}, 'old-registration', ${t(-8 * DAY)}),
    (${Number(other?.id)}, 'fresh-registration', ${t(-30 * 60_000)})`)
  await db.execute(sql`insert into submission_flows
      (user_id, purpose, submit_type, phone, country, provider_session, state, code_type, expires_at) values
    (${userId}, 'login', 'login', '+10000000001', 'US', 'old-flow', 'code_sent', 'sms', ${t(-8 * DAY)}),
    (${userId}, 'signup', 'register', '+10000000002', 'US', 'fresh-flow', 'code_sent', 'sms', ${t(-60_000)})`)
  const [operator] = await rows<{ id: string }>(
    db,
    sql`insert into operators (login, role, password_hash, totp_secret) values ('hk', 'admin', 'x', 'y') returning id`,
  )
  const operatorId = Number(operator?.id)
  await db.execute(sql`insert into operator_sessions (token_hash, operator_id, created_at, expires_at, revoked_at) values
    ('old-expired', ${operatorId}, ${t(-9 * DAY)}, ${t(-8 * DAY)}, null),
    ('old-revoked', ${operatorId}, ${t(-9 * DAY)}, ${t(DAY)}, ${t(-8 * DAY)}),
    ('fresh-session', ${operatorId}, ${t(-HOUR)}, ${t(DAY)}, null)`)
  await db.execute(sql`insert into email_outbox (recipient, kind, status, sent_at, created_at) values
    ('old-sent', 'verify', 'sent', ${t(-8 * DAY)}, ${t(-8 * DAY)}),
    ('old-failed', 'verify', 'failed', null, ${t(-31 * DAY)}),
    ('fresh-sent', 'verify', 'sent', ${t(-DAY)}, ${t(-DAY)}),
    ('fresh-failed', 'verify', 'failed', null, ${t(-8 * DAY)}),
    ('keep-pending', 'verify', 'pending', null, ${t(-40 * DAY)})`)
  // Money: an invoice with a payout in review, older than any retention.
  const [invoice] = await rows<{ id: string }>(
    db,
    sql`insert into invoices (user_id, amount, created_at) values (${userId}, 5000000, ${t(-400 * DAY)}) returning id`,
  )
  const [transaction] = await rows<{ uid: string }>(
    db,
    sql`insert into transactions (invoice_id, user_id, currency, status, amount, user_fee, rate, net, value_usdt, receiver_address, created_at)
      values (${Number(invoice?.id)}, ${userId}, 'trx', 'review', 5000000, 0, 3600000, 18000000, 5000000, 'T-addr', ${t(-400 * DAY)})
      returning uid`,
  )
  await db.execute(sql`insert into bot_outbox (chat_id, kind, status, sent_at, created_at, dedupe_key) values
    (1, 'old-sent', 'sent', ${t(-8 * DAY)}, ${t(-8 * DAY)}, null),
    (1, 'old-failed', 'failed', null, ${t(-31 * DAY)}, null),
    (1, 'old-alert-of-a-payout-no-longer-in-review', 'sent', ${t(-8 * DAY)}, ${t(-8 * DAY)}, 'review:00000000-0000-0000-0000-000000000000'),
    (1, 'keep-alert-of-a-payout-in-review', 'sent', ${t(-8 * DAY)}, ${t(-8 * DAY)}, ${`review:${transaction?.uid}`}),
    (1, 'fresh-sent', 'sent', ${t(-DAY)}, ${t(-DAY)}, null)`)
  // Updates the bot handled, tagged by update id: 1001 is past retention; 1002 within it; 1003 within a day, which
  // outlives even a retention of an hour (Telegram redelivers for 24 hours).
  await db.execute(sql`insert into bot_updates (bot_id, update_id, handled_at) values
    (7, 1001, ${t(-8 * DAY)}), (7, 1002, ${t(-2 * DAY)}), (7, 1003, ${t(-2 * HOUR)})`)
  await db.execute(sql`insert into idempotency_keys (user_id, key, request_hash, locked_until, expires_at) values
    (${userId}, 'old-key', 'h', ${t(-2 * DAY)}, ${t(-DAY)}), (${userId}, 'fresh-key', 'h', ${t(-60_000)}, ${t(DAY)})`)
  await db.execute(
    sql`insert into audit_log (at, actor, action, object_type) values (${t(-400 * DAY)}, 'hk', 'old', 'test')`,
  )
}

/** What is left of the seeded rows, by table: their tags. */
async function left(db: Db) {
  const tags = async (query: ReturnType<typeof sql>) =>
    (await rows<{ tag: string }>(db, query)).map((r) => r.tag).sort()
  return {
    counters: await tags(sql`select key as tag from rate_limit_counters`),
    refreshTokens: await tags(sql`select token_hash as tag from refresh_tokens`),
    emailCodes: await tags(sql`select code_hash as tag from email_codes`),
    emailRegistrations: await tags(sql`select password_hash as tag from email_registrations`),
    flows: await tags(sql`select provider_session as tag from submission_flows`),
    sessions: await tags(sql`select token_hash as tag from operator_sessions`),
    emailOutbox: await tags(sql`select recipient as tag from email_outbox`),
    botOutbox: await tags(sql`select kind as tag from bot_outbox`),
    idempotencyKeys: await tags(sql`select key as tag from idempotency_keys`),
    signInAddresses: await tags(sql`select address as tag from sign_in_addresses`),
    botUpdates: await tags(sql`select update_id::text as tag from bot_updates`),
  }
}

const EXPECTED_LEFT = {
  counters: ['fresh-counter'],
  refreshTokens: ['fresh-expired', 'fresh-live', 'fresh-spent'],
  emailCodes: ['fresh-code'],
  emailRegistrations: ['fresh-registration'],
  flows: ['fresh-flow'],
  sessions: ['fresh-session'],
  emailOutbox: ['fresh-failed', 'fresh-sent', 'keep-pending'],
  botOutbox: ['fresh-sent', 'keep-alert-of-a-payout-in-review'],
  idempotencyKeys: ['fresh-key'],
  signInAddresses: ['fresh-address'],
  botUpdates: ['1002', '1003'],
}

/** The defaults, but the schedule (tests' apps have it off). */
const config = { ...testConfig().housekeeping, intervalMs: 600_000 }

describe.each(DATABASE_KINDS)('housekeeping on %s', (kind) => {
  let testDatabase: TestDatabase | undefined
  afterEach(async () => {
    await testDatabase?.dispose()
    testDatabase = undefined
  })

  it('prunes rows past their retention, keeps fresh ones, money rows and the audit log', async () => {
    testDatabase = await createTestDatabase(kind)
    const { db } = testDatabase.database
    const now = new Date()
    await seed(db, now)
    const before = new Map((await tableRowCounts(db)).map((c) => [c.table, c.rows]))
    const service = createHousekeepingService({
      db,
      now: () => now,
      log: silent,
      config: { housekeeping: config },
    })
    const report = await service.runRound()
    expect(report).toEqual({
      'rate-limit counters': 1,
      'refresh tokens': 3,
      'email codes': 2,
      'email registrations': 1,
      'submission flows': 1,
      'operator sessions': 2,
      'email outbox': 2,
      'bot outbox': 3,
      'sign-in addresses': 1,
      'idempotency keys': 1,
      'bot updates': 1,
    })
    expect(await left(db)).toEqual(EXPECTED_LEFT)
    const after = new Map((await tableRowCounts(db)).map((c) => [c.table, c.rows]))
    for (const table of ['users', 'invoices', 'transactions', 'audit_log', 'operators', 'email_identities']) {
      expect(after.get(table), table).toBe(before.get(table))
      expect(after.get(table), table).toBeGreaterThan(0)
    }
    // The round is claimed for the interval: a second tick does nothing, and a tick after it prunes again.
    expect(await service.runRound()).toBeUndefined()
    const later = createHousekeepingService({
      db,
      now: () => new Date(now.getTime() + config.intervalMs),
      log: silent,
      config: { housekeeping: config },
    })
    expect(await later.runRound()).toBeDefined()
  })

  it('a shorter retention prunes more; the counters follow the longest rate-limit window', async () => {
    testDatabase = await createTestDatabase(kind)
    const { db } = testDatabase.database
    const now = new Date()
    await seed(db, now)
    const service = createHousekeepingService({
      db,
      now: () => now,
      log: silent,
      config: { housekeeping: { ...config, retentionSeconds: 3600, counterWindowSeconds: 300 } },
    })
    await service.prune(now)
    const rest = await left(db)
    expect(rest.counters).toEqual([])
    expect(rest.refreshTokens).toEqual(['fresh-live'])
    expect(rest.emailOutbox).toEqual(['fresh-failed', 'keep-pending'])
    expect(rest.botUpdates).toEqual(['1003'])
  })

  it('the server prunes on its schedule once started', async () => {
    testDatabase = await createTestDatabase(kind)
    const { db } = testDatabase.database
    await seed(db, new Date())
    const app = await buildApp(
      testConfig({ housekeeping: { ...config, intervalMs: 60_000, firstRoundDelayMs: 0 } }),
      { database: testDatabase.database },
    )
    try {
      await expect.poll(() => left(db), { timeout: 10_000 }).toEqual(EXPECTED_LEFT)
    } finally {
      await app.close()
    }
  })
})

describe.runIf(TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  it('one of them prunes a round; the other finds it claimed', async () => {
    const testDatabase = await createTestDatabase('postgres')
    const secondDatabase = openTestPool(testDatabase.url ?? '')
    const logs: string[] = []
    const logStream = () =>
      new Writable({
        write(chunk, _encoding, done) {
          logs.push(String(chunk))
          done()
        },
      })
    await seed(testDatabase.database.db, new Date())
    const appConfig = () =>
      testConfig({
        logLevel: 'info',
        housekeeping: { ...config, intervalMs: 60_000, firstRoundDelayMs: 0 },
      })
    // Both start at once: each process's first tick comes straight away.
    const [first, second] = await Promise.all([
      buildApp(appConfig(), { database: testDatabase.database, logStream: logStream() }),
      buildApp(appConfig(), { database: secondDatabase, logStream: logStream() }),
    ])
    try {
      await expect.poll(() => left(testDatabase.database.db), { timeout: 10_000 }).toEqual(EXPECTED_LEFT)
      // Let the other process's first tick come and go.
      await new Promise((resolve) => setTimeout(resolve, 500))
      const rounds = logs.filter((line) => line.includes('housekeeping round'))
      expect(rounds).toHaveLength(1)
      // And within the interval, neither runs another round.
      for (const kind of ['a', 'b']) {
        const service = createHousekeepingService({
          db: kind === 'a' ? testDatabase.database.db : secondDatabase.db,
          now: () => new Date(),
          log: silent,
          config: { housekeeping: { ...config, intervalMs: 60_000 } },
        })
        expect(await service.runRound()).toBeUndefined()
      }
    } finally {
      await Promise.all([first.close(), second.close()])
      await secondDatabase.close()
      await testDatabase.dispose()
    }
  }, 60_000)

  it('of two processes claiming the same round at once, exactly one wins', async () => {
    const testDatabase = await createTestDatabase('postgres')
    const pools = Array.from({ length: 4 }, () => openTestPool(testDatabase.url ?? ''))
    try {
      await seed(testDatabase.database.db, new Date())
      const now = new Date()
      const outcomes = await Promise.all(
        pools.map((pool) =>
          createHousekeepingService({
            db: pool.db,
            now: () => now,
            log: silent,
            config: { housekeeping: config },
          })
            .runRound()
            .then((report) => report !== undefined),
        ),
      )
      expect(outcomes.filter(Boolean)).toHaveLength(1)
      expect(await left(testDatabase.database.db)).toEqual(EXPECTED_LEFT)
    } finally {
      await Promise.all(pools.map((pool) => pool.close()))
      await testDatabase.dispose()
    }
  }, 60_000)
})
