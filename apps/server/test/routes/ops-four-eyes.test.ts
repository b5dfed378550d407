/**
 * Four eyes on large payouts (docs/console.md, 'Four eyes'), on every database: a payout above
 * `payout_approval_above` is sent (broadcast or recorded as succeeded) by one named operator after another approved
 * it, both enabled and past their signing delay; the bootstrap token neither approves nor sends one; the payout
 * service enforces it whoever calls it; weakening the rule waits a day, and every change to who may sign, or to the
 * amount, is told to the operators' chat in the change's transaction.
 */
import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { createCursorCodec } from '#lib/cursor.ts'
import { DomainError } from '#lib/domain-error.ts'
import { loadBotTexts, renderMessage } from '#modules/bot/messages.ts'
import { operators } from '#modules/operators/schema.ts'
import { createTransactionService } from '#modules/transactions/service.ts'
import { newUser, userIdOf } from '../helpers/accounts.ts'
import { json, TEST_AUTH_SECRET, testConfig, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { operatorsOf, testClock } from '../helpers/operators.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk, VALID } from '../helpers/payments.ts'

const OPS_CHAT = -100_888
/** The documented delay (FOUR_EYES_DELAY_SECONDS' default): a day. */
const DAY = 24 * 60 * 60

describe.each(DATABASE_KINDS)('four eyes on %s', (kind) => {
  const clock = testClock()
  const base = testConfig()
  const t = useTestApp(kind, {
    deps: { now: clock.now },
    config: {
      bot: { ...base.bot, opsChatId: OPS_CHAT },
      // Users sign up after the clock has moved days ahead of their init data's real time.
      authMaxAgeSeconds: 10 * 365 * DAY,
    },
  })
  const { asAdmin, withToken, enrol, issueToken, login } = operatorsOf(() => t.app, clock, kind)

  /** A named operator past the signing delay, calling with its API token. */
  async function veteran(role: 'operator' | 'admin' = 'operator') {
    const enrolment = await enrol(role)
    const call = withToken(await issueToken(enrolment.operator.login))
    return { login: enrolment.operator.login, enrolment, call }
  }

  /** A payout of `usdt` (USDT BEP20) requested by a new user, pending: its uid. */
  async function pendingPayout(usdt: number): Promise<string> {
    const u = await newUser(t.app)
    await acceptedAccounts(t.database.db, await userIdOf(t.database.db, u.telegramId), [
      BigInt(usdt * 1_000_000),
    ])
    const { uid: invoiceUid } = json<{ uid: string }>(await u.post('/invoices/request-invoice'))
    await opsOk(opsOf(t.app), 'POST', `/ops/invoices/${invoiceUid}/confirm`)
    const requested = await u.post(`/invoices/${invoiceUid}/request-payment-crypto`, {
      receiverAddress: VALID.bsc,
      network: 'BSC',
      token: 'USDT',
    })
    expect(requested.statusCode, requested.body).toBeLessThan(300)
    return json<{ uid: string }>(requested).uid
  }

  /** What the operators' chat was told since `afterId`: kinds and parameters, oldest first. */
  async function opsChatSince(afterId: number) {
    const result = (await t.database.db.execute(
      sql`select id::int as id, kind, params from bot_outbox where chat_id = ${OPS_CHAT} and id > ${afterId} order by id`,
    )) as { rows: { id: number; kind: string; params: Record<string, string> }[] }
    return result.rows
  }
  const lastOutboxId = async () => {
    const result = (await t.database.db.execute(
      sql`select coalesce(max(id), 0)::int as id from bot_outbox`,
    )) as { rows: { id: number }[] }
    return result.rows[0]?.id ?? 0
  }
  const text = (message: { kind: string; params: Record<string, string> } | undefined) =>
    message &&
    renderMessage(
      loadBotTexts(t.config.localesDir),
      t.config.referralLink,
      message.kind,
      'en',
      message.params,
    )?.text

  const setThreshold = (value: string) =>
    opsOk(opsOf(t.app), 'PUT', '/ops/settings/payout_approval_above', { value })

  // Payments open, and four eyes on payouts above 10 USDT (from 0 or below: at once).
  beforeEach(async () => {
    await openPayments(opsOf(t.app))
    await setThreshold('10')
  })

  it('the bootstrap token neither approves nor sends a payout above the amount, even one a named operator approved', async () => {
    const alice = await veteran()
    const bob = await veteran()
    clock.tick(DAY)
    const uid = await pendingPayout(20)

    const bootstrapApproves = await asAdmin('POST', `/ops/transactions/${uid}/approve`, {})
    expect(bootstrapApproves.statusCode).toBe(409)
    expect((await bob.call('POST', `/ops/transactions/${uid}/approve`, {})).statusCode).toBe(200)
    for (const move of ['broadcast', 'succeed'] as const) {
      const refused = await asAdmin('POST', `/ops/transactions/${uid}/${move}`, {
        txid: VALID.bscTxid,
        senderAddress: VALID.bsc,
      })
      expect(refused.statusCode, `bootstrap ${move}: ${refused.body}`).toBe(409)
      expect(json(refused)).toMatchObject({
        code: 'INVALID_STATE',
        message: expect.stringMatching(/named operator/),
      })
    }
    // A named operator sends it on Bob's approval.
    expect((await alice.call('POST', `/ops/transactions/${uid}/broadcast`, {})).statusCode).toBe(200)
    const paid = await alice.call('POST', `/ops/transactions/${uid}/succeed`, {
      txid: VALID.bscTxid,
      senderAddress: VALID.bsc,
    })
    expect(paid.statusCode, paid.body).toBe(200)

    // At or below the amount, the bootstrap token sends as before (the CLI's scripts).
    const small = await pendingPayout(10)
    expect((await asAdmin('POST', `/ops/transactions/${small}/broadcast`, {})).statusCode).toBe(200)
  })

  it('an approval counts while its operator is enabled: disabled since, it does not, nor after being enabled again', async () => {
    const alice = await veteran()
    const bob = await veteran()
    clock.tick(DAY)
    const uid = await pendingPayout(25)
    expect((await bob.call('POST', `/ops/transactions/${uid}/approve`, {})).statusCode).toBe(200)

    const disable = (disabled: boolean) => asAdmin('PATCH', `/ops/operators/${bob.login}`, { disabled })
    expect((await disable(true)).statusCode).toBe(200)
    const whileDisabled = await alice.call('POST', `/ops/transactions/${uid}/broadcast`, {})
    expect(whileDisabled.statusCode, whileDisabled.body).toBe(409)
    expect(json(whileDisabled).message).toMatch(/approval/)

    expect((await disable(false)).statusCode).toBe(200)
    expect((await alice.call('POST', `/ops/transactions/${uid}/broadcast`, {})).statusCode).toBe(409)

    // A day after being enabled again, Bob approves anew (his session: disabling ended his token).
    clock.tick(DAY)
    const bobAgain = await login(bob.enrolment)
    expect((await bobAgain.call('POST', `/ops/transactions/${uid}/approve`, {})).statusCode).toBe(200)
    const sent = await alice.call('POST', `/ops/transactions/${uid}/broadcast`, {})
    expect(sent.statusCode, sent.body).toBe(200)
  })

  it('the payout list and every move answer each payout’s four eyes: needed or not, who approved, whether it counts', async () => {
    const alice = await veteran()
    const bob = await veteran()
    clock.tick(DAY)
    const large = await pendingPayout(25)
    const small = await pendingPayout(10)
    const fourEyesOfRow = async (uid: string) => {
      const listed = await alice.call('GET', '/ops/transactions?status=pending')
      expect(listed.statusCode, listed.body).toBe(200)
      return json<{ items: { uid: string; fourEyes: unknown }[] }>(listed).items.find((p) => p.uid === uid)
        ?.fourEyes
    }
    expect(await fourEyesOfRow(large)).toEqual({ required: true, approvalAbove: '10', approvals: [] })
    expect(await fourEyesOfRow(small)).toEqual({ required: false, approvalAbove: '10', approvals: [] })

    const approvedAt = clock.now().toISOString()
    expect((await bob.call('POST', `/ops/transactions/${large}/approve`, {})).statusCode).toBe(200)
    expect(await fourEyesOfRow(large)).toEqual({
      required: true,
      approvalAbove: '10',
      approvals: [{ login: bob.login, approvedAt, counts: true }],
    })
    // Bob disabled since: his approval is still shown, and no longer counts.
    expect((await asAdmin('PATCH', `/ops/operators/${bob.login}`, { disabled: true })).statusCode).toBe(200)
    expect(await fourEyesOfRow(large)).toMatchObject({ approvals: [{ login: bob.login, counts: false }] })

    // A move answers the payout with its four eyes too.
    const moved = await alice.call('POST', `/ops/transactions/${small}/broadcast`, {})
    expect(moved.statusCode, moved.body).toBe(200)
    expect(json(moved)).toMatchObject({
      status: 'broadcasting',
      fourEyes: { required: false, approvalAbove: '10', approvals: [] },
    })
  })

  it('a new, promoted, reset or newly tokened operator signs large payouts only a day later; each is told to the operators’ chat', async () => {
    const admin = await veteran('admin')
    const alice = await veteran()
    const viewer = await enrol('viewer')
    clock.tick(DAY)
    const uid = await pendingPayout(30)
    const since = await lastOutboxId()

    // Created by a named admin: told at once; their approval does not count for a day.
    const created = await admin.call('POST', '/ops/operators', { login: `carl-${kind}`, role: 'operator' })
    expect(created.statusCode, created.body).toBe(201)
    const carl = withToken(await issueToken(`carl-${kind}`, admin.call))
    const early = await carl('POST', `/ops/transactions/${uid}/approve`, {})
    expect(early.statusCode, early.body).toBe(409)
    expect(json(early).message).toMatch(
      new RegExp(
        `carl-${kind} .*from ${new Date(clock.now().getTime() + DAY * 1000).toISOString().slice(0, 16)}`,
      ),
    )

    // Promoted from viewer: told; not yet a signer either.
    const promoted = await admin.call('PATCH', `/ops/operators/${viewer.operator.login}`, {
      role: 'operator',
    })
    expect(promoted.statusCode, promoted.body).toBe(200)
    const vic = await login(viewer)
    expect((await vic.call('POST', `/ops/transactions/${uid}/approve`, {})).statusCode).toBe(409)

    // Credentials reset, and a token issued, by an admin who then knows them: that operator waits a day again.
    expect((await admin.call('POST', `/ops/operators/${alice.login}/reset`, {})).statusCode).toBe(200)
    const aliceToken = withToken(await issueToken(alice.login, admin.call))
    expect((await aliceToken('POST', `/ops/transactions/${uid}/approve`, {})).statusCode).toBe(409)

    const told = await opsChatSince(since)
    expect(told.map((m) => [m.kind, m.params.login, m.params.by])).toEqual([
      ['ops_operator_created', `carl-${kind}`, admin.login],
      ['ops_operator_api_token', `carl-${kind}`, admin.login],
      ['ops_operator_promoted', viewer.operator.login, admin.login],
      ['ops_operator_reset', alice.login, admin.login],
      ['ops_operator_api_token', alice.login, admin.login],
    ])
    expect(text(told[0])).toMatch(new RegExp(`${admin.login} created operator carl-${kind} \\(operator\\)`))
    expect(text(told[0])).toMatch(/--disabled true/)

    // A day later they all count: Carl approves and Vic sends.
    clock.tick(DAY)
    expect((await carl('POST', `/ops/transactions/${uid}/approve`, {})).statusCode).toBe(200)
    const sent = await (await login(viewer)).call('POST', `/ops/transactions/${uid}/broadcast`, {})
    expect(sent.statusCode, sent.body).toBe(200)
  })

  it('raising the amount or turning it off waits a day and is told at once; lowering it is at once; setting it again cancels', async () => {
    const admin = await veteran('admin')
    const alice = await veteran()
    clock.tick(DAY)
    const uid = await pendingPayout(40)
    const since = await lastOutboxId()

    const raised = await admin.call('PUT', '/ops/settings/payout_approval_above', { value: '1000' })
    expect(raised.statusCode, raised.body).toBe(200)
    const effectiveAt = new Date(clock.now().getTime() + DAY * 1000).toISOString()
    expect(json(raised)).toEqual({
      key: 'payout_approval_above',
      value: '10',
      pending: { value: '1000', effectiveAt, requestedBy: admin.login },
    })
    expect(json(await asAdmin('GET', '/ops/settings/pending'))).toEqual([
      { key: 'payout_approval_above', value: '1000', effectiveAt, requestedBy: admin.login },
    ])
    expect(json(await asAdmin('GET', '/ops/settings')).payout_approval_above).toBe('10')
    expect((await alice.call('POST', `/ops/transactions/${uid}/broadcast`, {})).statusCode).toBe(409)

    clock.tick(DAY - 60)
    expect((await alice.call('POST', `/ops/transactions/${uid}/broadcast`, {})).statusCode).toBe(409)
    clock.tick(61)
    expect(json(await asAdmin('GET', '/ops/settings')).payout_approval_above).toBe('1000')
    expect(json(await asAdmin('GET', '/ops/settings/pending'))).toEqual([])
    const alone = await alice.call('POST', `/ops/transactions/${uid}/broadcast`, {})
    expect(alone.statusCode, alone.body).toBe(200)

    // Turning it off waits too, even from the bootstrap token; setting the current value again cancels that.
    expect(await setThreshold('0')).toMatchObject({ value: '1000', pending: { value: '0' } })
    expect(await setThreshold('1000')).toEqual({ key: 'payout_approval_above', value: '1000' })
    expect(json(await asAdmin('GET', '/ops/settings/pending'))).toEqual([])
    // Lowering it asks for more approvals: at once.
    expect(await setThreshold('50')).toEqual({ key: 'payout_approval_above', value: '50' })

    const told = await opsChatSince(since)
    expect(told.map((m) => [m.kind, m.params.value, m.params.by])).toEqual([
      ['ops_setting_scheduled', '1000', admin.login],
      ['ops_setting_scheduled', '0', 'bootstrap'],
      ['ops_setting_changed', '1000', 'bootstrap'],
      ['ops_setting_changed', '50', 'bootstrap'],
    ])
    expect(text(told[0])).toMatch(new RegExp(`payout_approval_above.*1000.*${effectiveAt.slice(0, 16)}`))
  })

  it('is the payout service’s own rule: a caller that skips the route cannot send a large payout alone', async () => {
    const alice = await veteran()
    clock.tick(DAY)
    const uid = await pendingPayout(20)
    const [row] = await t.database.db
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.login, alice.login))
    const payouts = createTransactionService({
      db: t.database.db,
      now: clock.now,
      cursors: createCursorCodec(TEST_AUTH_SECRET),
    })
    const signers = [
      { id: null, login: 'bootstrap' },
      { id: row?.id ?? 0, login: alice.login },
    ]
    for (const signer of signers) {
      const moved = payouts.move(uid, { to: 'broadcasting' }, signer)
      await expect(moved).rejects.toBeInstanceOf(DomainError)
      await expect(moved).rejects.toMatchObject({ statusCode: 409 })
    }
    expect(json(await asAdmin('GET', '/ops/transactions?status=pending')).items).toContainEqual(
      expect.objectContaining({ uid, status: 'pending' }),
    )
  })
})
