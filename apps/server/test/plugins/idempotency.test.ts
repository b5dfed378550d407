/**
 * Idempotency keys (plugins/idempotency.ts, docs/resilience.md 'Poor network'): a retried call with the same key
 * never makes a second invoice, payout or account; racing repeats make one; a key reused with another request is
 * a 422 in the error shape; calls without a key behave as before. On PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { ErrorResponseSchema } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { idempotencyKeys } from '#db/schema.ts'
import { countIdempotencyKeys } from '#modules/idempotency/repository.ts'
import {
  createIdempotencyService,
  deriveIdempotencyKey,
  pruneIdempotencyKeys,
} from '#modules/idempotency/service.ts'
import { isIdempotentRoute } from '#plugins/idempotency.ts'
import { SANDBOX_LOGIN_CODE, SANDBOX_PASSWORD } from '#providers/sandbox/scenarios.ts'
import { newUser, ordinaryPhone, userIdOf } from '../helpers/accounts.ts'
import { bearer, TEST_AUTH_SECRET, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk, VALID } from '../helpers/payments.ts'

const usdt = (n: number) => BigInt(Math.round(n * 1_000_000))
let serial = 0
const newKey = () => `test-key-${process.pid}-${Date.now()}-${++serial}`

describe.each(DATABASE_KINDS)('idempotency keys on %s', (kind) => {
  const t = useTestApp(kind)

  async function userWithBalance(nets: number[]) {
    const u = await newUser(t.app)
    const userId = await userIdOf(t.database.db, u.telegramId)
    await acceptedAccounts(t.database.db, userId, nets.map(usdt))
    const send = (url: string, key: string | undefined, payload?: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(u.token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
    return { ...u, userId, send }
  }
  async function count(table: string, userId: number): Promise<number> {
    const result = (await t.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
    )) as { rows: { n: number }[] }
    return result.rows[0]?.n ?? -1
  }
  const errorOf = (response: LightMyRequestResponse) => ErrorResponseSchema.parse(response.json())

  it('a request-invoice whose answer was lost, sent again with its key, answers the same invoice and makes no second', async () => {
    await openPayments(opsOf(t.app))
    const u = await userWithBalance([3, 4])
    const key = newKey()
    const first = await u.send('/invoices/request-invoice', key)
    expect(first.statusCode, first.body).toBe(201)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const retry = await u.send('/invoices/request-invoice', key)
    expect(retry.statusCode).toBe(201)
    expect(retry.headers['idempotent-replayed']).toBe('true')
    expect(retry.json()).toEqual(first.json())
    expect(await count('invoices', u.userId)).toBe(1)
    // Without a key the call is as it always was: a second tap finds no balance left.
    const again = await u.send('/invoices/request-invoice', undefined)
    expect(again.statusCode).toBe(400)
    expect(errorOf(again).code).toBe('BALANCE_LOW_ERROR')
    expect(await count('invoices', u.userId)).toBe(1)
  })

  it('20 racing request-invoice calls with one key make one invoice and all get its answer', async () => {
    await openPayments(opsOf(t.app))
    const u = await userWithBalance([5])
    const key = newKey()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => u.send('/invoices/request-invoice', key)),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201))
    const uids = new Set(answers.map((a) => (a.json() as { uid: string }).uid))
    expect(uids.size).toBe(1)
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19)
    expect(await count('invoices', u.userId)).toBe(1)
  })

  it('20 racing payment requests with one key open one payout transaction', async () => {
    const ops = opsOf(t.app)
    await openPayments(ops)
    const u = await userWithBalance([6])
    const created = await u.send('/invoices/request-invoice', newKey())
    const { uid } = created.json() as { uid: string }
    await opsOk(ops, 'POST', `/ops/invoices/${uid}/confirm`)
    const key = newKey()
    const body = { receiverAddress: VALID.tron, currency: 'trx' }
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => u.send(`/invoices/${uid}/request-payment`, key, body)),
    )
    const statuses = new Set(answers.map((a) => a.statusCode))
    expect(statuses.size, answers.map((a) => a.body).join('\n')).toBe(1)
    expect([200, 201]).toContain([...statuses][0])
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    const transactions = (await t.database.db.execute(
      sql`select count(*)::int as n from transactions where invoice_id = (select id from invoices where uid = ${uid})`,
    )) as { rows: { n: number }[] }
    expect(transactions.rows[0]?.n).toBe(1)
  })

  it('an account submission retried step by step with its keys makes one account', async () => {
    const u = await userWithBalance([])
    const phone = ordinaryPhone()
    const steps: [string, unknown][] = [
      ['/telegram/submit-account-phone', { phone, submitType: 'login' }],
      ['/telegram/submit-account-code', { code: SANDBOX_LOGIN_CODE }],
      ['/telegram/submit-account', undefined],
    ]
    for (const [url, payload] of steps) {
      const key = newKey()
      const first = await u.send(url, key, payload)
      expect(first.statusCode, `${url}: ${first.body}`).toBe(200)
      const retry = await u.send(url, key, payload)
      expect(retry.statusCode, `${url} again: ${retry.body}`).toBe(200)
      expect(retry.body).toBe(first.body)
    }
    expect(await count('accounts', u.userId)).toBe(1)
    // Without keys, the same final step again is the duplicate it always was.
    const duplicate = await u.send('/telegram/submit-account', undefined)
    expect(duplicate.statusCode).not.toBe(200)
    expect(await count('accounts', u.userId)).toBe(1)
  })

  it('20 racing account submissions with one key make one account', async () => {
    const u = await userWithBalance([])
    const phone = ordinaryPhone()
    expect(
      (await u.send('/telegram/submit-account-phone', newKey(), { phone, submitType: 'login' })).statusCode,
    ).toBe(200)
    expect(
      (await u.send('/telegram/submit-account-code', newKey(), { code: SANDBOX_LOGIN_CODE })).statusCode,
    ).toBe(200)
    const key = newKey()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => u.send('/telegram/submit-account', key)),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200))
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    expect(await count('accounts', u.userId)).toBe(1)
  })

  it('a key sent again with another body or to another call is a 422 in the error shape', async () => {
    const u = await userWithBalance([])
    const key = newKey()
    const first = await u.send('/telegram/submit-account-phone', key, {
      phone: ordinaryPhone(),
      submitType: 'login',
    })
    expect(first.statusCode).toBe(200)
    const otherBody = await u.send('/telegram/submit-account-phone', key, {
      phone: ordinaryPhone(),
      submitType: 'login',
    })
    expect(otherBody.statusCode).toBe(422)
    expect(errorOf(otherBody)).toMatchObject({ statusCode: 422, code: 'IDEMPOTENCY_KEY_REUSED' })
    const otherCall = await u.send('/telegram/resend-code', key)
    expect(otherCall.statusCode).toBe(422)
    // Field order does not make another request.
    const reordered = await u.send('/telegram/submit-account-phone', key, {
      submitType: 'login',
      phone: (JSON.parse(first.body) as { phone: string }).phone,
    })
    expect(reordered.statusCode).toBe(200)
    expect(reordered.headers['idempotent-replayed']).toBe('true')
  })

  it('a body nested deeper than the fingerprint can walk is a 400, never a 500 (found by the fuzzer)', async () => {
    const u = await userWithBalance([5])
    const nested = `${'['.repeat(5000)}${']'.repeat(5000)}`
    const response = await t.app.inject({
      method: 'POST',
      url: '/invoices/request-invoice',
      headers: { ...bearer(u.token), 'idempotency-key': newKey(), 'content-type': 'application/json' },
      payload: nested,
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_ERROR' })
    expect(await count('invoices', u.userId)).toBe(0)
  })

  it('keys are per user, a malformed key is a 400, and the 2FA password is never stored', async () => {
    const a = await userWithBalance([])
    const b = await userWithBalance([])
    const key = newKey()
    const phoneA = ordinaryPhone()
    expect(
      (await a.send('/telegram/submit-account-phone', key, { phone: phoneA, submitType: 'login' }))
        .statusCode,
    ).toBe(200)
    const phoneB = ordinaryPhone()
    const forB = await b.send('/telegram/submit-account-phone', key, { phone: phoneB, submitType: 'login' })
    expect(forB.statusCode).toBe(200)
    expect(forB.headers['idempotent-replayed']).toBeUndefined()
    expect(forB.body).toContain(phoneB.slice(1))

    for (const bad of ['short', 'has space in it', 'x'.repeat(129), 'line\u00e9break']) {
      const response = await a.send('/telegram/resend-code', bad)
      expect(response.statusCode, bad).toBe(400)
      expect(errorOf(response).code).toBe('VALIDATION_ERROR')
    }

    // A 2FA number: the password goes through submit-account-password with a key; no column holds it.
    const twoFa = await userWithBalance([])
    expect(
      (
        await twoFa.send('/telegram/submit-account-phone', newKey(), {
          phone: '+989120000002',
          submitType: 'login',
        })
      ).statusCode,
    ).toBe(200)
    const code = await twoFa.send('/telegram/submit-account-code', newKey(), { code: SANDBOX_LOGIN_CODE })
    expect(code.statusCode).toBe(303)
    const password = await twoFa.send('/telegram/submit-account-password', newKey(), {
      password: SANDBOX_PASSWORD,
    })
    expect(password.statusCode, password.body).toBe(200)
    const rows = await t.database.db.select().from(idempotencyKeys)
    expect(JSON.stringify(rows)).not.toContain(SANDBOX_PASSWORD)
  })

  it('a first request that fails in a way worth retrying frees the key; a crashed one is taken over after its lease; keys expire', async () => {
    let clock = new Date('2030-01-01T00:00:00Z')
    const service = createIdempotencyService({
      db: t.database.db,
      now: () => clock,
      idempotencySecret: deriveIdempotencyKey(TEST_AUTH_SECRET),
      waitMs: 200,
    })
    const u = await userWithBalance([])
    const request = {
      userId: u.userId,
      key: newKey(),
      method: 'POST',
      route: '/x',
      params: {},
      body: { a: 1 },
    }
    const run = await service.begin(request)
    expect(run.kind).toBe('run')
    if (run.kind !== 'run') return
    // Still running: a repeat waits, then is told so.
    expect(await service.begin(request)).toEqual({ kind: 'in-progress' })
    // Freed after a 5xx: the repeat runs.
    await service.release(u.userId, request.key, run.requestHash)
    expect((await service.begin(request)).kind).toBe('run')
    // The runner dies (no answer): after the lease, the same request runs again; another one is still refused.
    clock = new Date(clock.getTime() + 61_000)
    expect(await service.begin({ ...request, body: { a: 2 } })).toEqual({ kind: 'reused' })
    const takeover = await service.begin(request)
    expect(takeover.kind).toBe('run')
    if (takeover.kind !== 'run') return
    await service.answer(u.userId, request.key, takeover.requestHash, 201, '{"ok":true}')
    expect(await service.begin(request)).toEqual({ kind: 'replay', status: 201, body: '{"ok":true}' })
    // A day later the key is forgotten: pruned, and reusable.
    const before = await countIdempotencyKeys(t.database.db)
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 + 1000)
    expect(await pruneIdempotencyKeys(t.database.db, clock)).toBeGreaterThanOrEqual(1)
    expect(await countIdempotencyKeys(t.database.db)).toBeLessThan(before)
    expect((await service.begin({ ...request, body: { a: 3 } })).kind).toBe('run')
  })

  it("applies to the users' state-changing calls only, and GET /openapi.json describes the header and the 422", async () => {
    expect(isIdempotentRoute({ method: 'POST', url: '/invoices/request-invoice' })).toBe(true)
    expect(isIdempotentRoute({ method: 'POST', url: '/telegram/submit-account-code' })).toBe(true)
    expect(isIdempotentRoute({ method: 'GET', url: '/invoices' })).toBe(false)
    expect(isIdempotentRoute({ method: 'POST', url: '/auth/login' })).toBe(false)
    expect(isIdempotentRoute({ method: 'POST', url: '/ops/invoices/:uid/:move' })).toBe(false)
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string }[]; responses: object }>
      >
    }
    const requestInvoice = doc.paths['/invoices/request-invoice']?.post
    expect(requestInvoice?.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
    )
    expect(Object.keys(requestInvoice?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '409', '422']),
    )
    const login = doc.paths['/auth/login']?.post
    expect(login?.parameters ?? []).not.toContainEqual(expect.objectContaining({ name: 'idempotency-key' }))
  })
})
