/**
 * The chain check of payouts (docs/transactions.md, 'Chain check'), through the operator API against local fakes of
 * TronGrid and a BSC JSON-RPC node (dev/fake-chain), on every database: one test per case and chain. Recording a TRX
 * or USDT BEP20 payout as succeeded is accepted only when the chain shows the exact transfer with enough
 * confirmations; fewer make it 'broadcasting' and waiting; anything else is 409 CHAIN_CHECK_FAILED in words
 * (check, expected, found), kept on the payout and in the audit log as a refused attempt; an endpoint that is slow or
 * answers garbage is 503 CHAIN_UNAVAILABLE with Retry-After and nothing recorded.
 */
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  BSC_USDT,
  CHAIN_CASES,
  type ChainCase,
  type FakeChain,
  OTHER_ADDRESS,
  playChainCase,
  startFakeBscNode,
  startFakeTronGrid,
} from '#dev/fake-chain/server.ts'
import { createCursorCodec } from '#lib/cursor.ts'
import { parseUsdt } from '#lib/money.ts'
import { createTransactionService } from '#modules/transactions/service.ts'
import { createChainReaders } from '#providers/chain/readers.ts'
import { newUser, userIdOf } from '../helpers/accounts.ts'
import { createTestApp, json, TEST_AUTH_SECRET, type TestApp } from '../helpers/app.ts'
import { chainConfigFor, TEST_CONFIRMATIONS, TEST_SENDER } from '../helpers/chain.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk, VALID } from '../helpers/payments.ts'

const SENDER = TEST_SENDER
const CONFIRMATIONS = TEST_CONFIRMATIONS
// The endpoints' time limit: room for a loaded machine; the timeout case's fake answers 2 s after it.
const TIMEOUT_MS = 2500

let nextTxid = 0
/** A txid nobody used, in the chain's form. */
function freshTxid(currency: 'trx' | 'usdt'): string {
  nextTxid += 1
  const hex =
    `${process.pid.toString(16)}${Date.now().toString(16)}${nextTxid.toString(16).padStart(6, '0')}`.padStart(
      64,
      'c',
    )
  return currency === 'trx' ? hex : `0x${hex}`
}

type Payout = { uid: string; net: bigint; receiver: string }

/** A wallet of each chain that is none of ours (TEST_SENDER's are: chainConfigFor records them). */
const USERS_OTHER_WALLET = {
  trx: OTHER_ADDRESS.trx,
  usdt: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
}

describe.each(DATABASE_KINDS)('chain check on %s', (kind) => {
  let tron: FakeChain
  let bsc: FakeChain
  let t: TestApp
  beforeAll(async () => {
    tron = await startFakeTronGrid()
    bsc = await startFakeBscNode()
    t = await createTestApp(kind, { config: { chain: chainConfigFor(tron.url, bsc.url) } })
  })
  afterAll(async () => {
    await t?.close()
    await tron?.close()
    await bsc?.close()
  })
  beforeEach(() => openPayments(opsOf(t.app)))
  afterEach(() => {
    tron.clearFaults()
    bsc.clearFaults()
  })

  /** A pending payout of a new user's confirmed 10 USDT invoice, in TRX or USDT BEP20. */
  async function pendingPayout(currency: 'trx' | 'usdt' | 'irt', app = t): Promise<Payout> {
    const u = await newUser(app.app)
    await acceptedAccounts(app.database.db, await userIdOf(app.database.db, u.telegramId), [10_000_000n])
    const { uid: invoiceUid } = json<{ uid: string }>(await u.post('/invoices/request-invoice'))
    await opsOk(opsOf(app.app), 'POST', `/ops/invoices/${invoiceUid}/confirm`)
    const requested =
      currency === 'trx'
        ? await u.post(`/invoices/${invoiceUid}/request-payment`, {
            receiverAddress: VALID.tron,
            currency: 'trx',
          })
        : currency === 'usdt'
          ? await u.post(`/invoices/${invoiceUid}/request-payment-crypto`, {
              receiverAddress: VALID.bsc,
              network: 'BSC',
              token: 'USDT',
            })
          : await u.post(`/invoices/${invoiceUid}/request-payment-irt`, {
              bankCardCreate: { name: 'Sara', family: 'Ahmadi', number: VALID.card, iban: VALID.iban },
              currency: 'irt',
            })
    expect(requested.statusCode, requested.body).toBeLessThan(300)
    const uid = json<{ uid: string }>(requested).uid
    const listed = await opsOk<{ items: { uid: string; net: string; receiverAddress: string }[] }>(
      opsOf(app.app),
      'GET',
      '/ops/transactions?status=pending&limit=100',
    )
    const row = listed.items.find((item) => item.uid === uid)
    if (!row) throw new Error('payout not listed')
    return { uid, net: parseUsdt(row.net) ?? 0n, receiver: row.receiverAddress }
  }

  const succeed = (uid: string, txid: string, senderAddress: string, app = t) =>
    opsOf(app.app)('POST', `/ops/transactions/${uid}/succeed`, { txid, senderAddress })

  async function auditOf(uid: string) {
    const result = (await t.database.db.execute(
      sql`select action, reason, after from audit_log where object_id = ${uid} order by id`,
    )) as { rows: { action: string; reason: string | null; after: Record<string, unknown> | null }[] }
    return result.rows
  }

  /** What each refusing case answers: the check that failed, expected and found. */
  const REFUSALS: Partial<Record<ChainCase, (currency: 'trx' | 'usdt', p: Payout, txid: string) => object>> =
    {
      'wrong recipient': (c, p) => ({ check: 'recipient', expected: p.receiver, found: OTHER_ADDRESS[c] }),
      'wrong amount': (c) => ({
        check: 'amount',
        expected: c === 'trx' ? '35 TRX (35000000 sun)' : '9.7 USDT',
        found: c === 'trx' ? '34.99 TRX (34990000 sun)' : '9.69 USDT',
      }),
      'wrong token contract': (c) =>
        c === 'trx'
          ? {
              check: 'transfer',
              expected: 'a TransferContract',
              found: 'TriggerSmartContract of token TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
            }
          : {
              check: 'token',
              expected: `a Transfer of ${BSC_USDT}`,
              found: 'Transfer of token 0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56',
            },
      reverted: (c) => ({
        check: 'succeeded',
        expected: c === 'trx' ? 'SUCCESS' : 'success',
        found: c === 'trx' ? 'REVERT' : 'reverted',
      }),
      'unknown txid': (_c, _p, txid) => ({ check: 'exists', expected: `transaction ${txid}`, found: 'none' }),
    }

  describe.each(['trx', 'usdt'] as const)('%s', (currency) => {
    const fake = () => (currency === 'trx' ? tron : bsc)

    it.each(CHAIN_CASES)('%s', async (chainCase) => {
      const payout = await pendingPayout(currency)
      const txid = freshTxid(currency)
      const sender = SENDER[currency]
      playChainCase(
        fake(),
        chainCase,
        { currency, txid, sender, receiver: payout.receiver, net: payout.net },
        { confirmations: CONFIRMATIONS[currency], timeoutMs: TIMEOUT_MS },
      )
      const answer = await succeed(payout.uid, txid, sender)
      const explorer =
        currency === 'trx' ? `https://tronscan.org/#/transaction/${txid}` : `https://bscscan.com/tx/${txid}`

      if (chainCase === 'success') {
        expect(answer.statusCode, answer.body).toBe(200)
        expect(json(answer)).toMatchObject({
          status: 'success',
          txid,
          chainCheck: {
            state: 'verified',
            confirmations: CONFIRMATIONS[currency],
            required: CONFIRMATIONS[currency],
            explorerUrl: explorer,
          },
        })
        expect((await auditOf(payout.uid)).map((row) => row.action)).toEqual(['transaction.succeed'])
        return
      }
      if (chainCase === 'too few confirmations') {
        expect(answer.statusCode, answer.body).toBe(200)
        expect(json(answer)).toMatchObject({
          status: 'broadcasting',
          txid,
          paidAt: null,
          chainCheck: {
            state: 'waiting',
            confirmations: 1,
            required: CONFIRMATIONS[currency],
            explorerUrl: explorer,
          },
        })
        const waiting = await opsOk<{ items: { uid: string }[] }>(
          opsOf(t.app),
          'GET',
          '/ops/transactions?chainCheck=waiting&limit=100',
        )
        expect(waiting.items.map((item) => item.uid)).toContain(payout.uid)
        return
      }
      if (chainCase === 'timeout' || chainCase === 'garbage') {
        expect(answer.statusCode, answer.body).toBe(503)
        expect(answer.headers['retry-after']).toBe('30')
        expect(json(answer)).toMatchObject({
          code: 'CHAIN_UNAVAILABLE',
          details: { chain: currency === 'trx' ? 'tron' : 'bsc', wait: 30 },
        })
        expect(answer.body).not.toContain(fake().url)
        expect(answer.body).not.toContain('test-tron-key')
        // Nothing recorded: the payout is as it was, and the log has no move.
        const listed = await opsOk<{
          items: { uid: string; status: string; txid: string | null; chainCheck: { state: string } }[]
        }>(opsOf(t.app), 'GET', '/ops/transactions?status=pending&limit=100')
        expect(listed.items.find((item) => item.uid === payout.uid)).toMatchObject({
          status: 'pending',
          txid: null,
          chainCheck: { state: 'none' },
        })
        expect(await auditOf(payout.uid)).toEqual([])
        return
      }
      const expected = REFUSALS[chainCase]?.(currency, payout, txid)
      expect(answer.statusCode, answer.body).toBe(409)
      const body = json<{ code: string; message: string; details: Record<string, string> }>(answer)
      expect(body).toMatchObject({ code: 'CHAIN_CHECK_FAILED', details: expected })
      expect(body.message).toContain(`expected ${body.details.expected}, found ${body.details.found}`)
      // On the payout, which stays pending, and in the log as a refused attempt.
      const listed = await opsOk<{
        items: { uid: string; status: string; chainCheck: { state: string; reason: string } }[]
      }>(opsOf(t.app), 'GET', '/ops/transactions?status=pending&limit=100')
      expect(listed.items.find((item) => item.uid === payout.uid)).toMatchObject({
        status: 'pending',
        chainCheck: { state: 'refused', reason: body.message },
      })
      expect(await auditOf(payout.uid)).toEqual([
        {
          action: 'transaction.succeed.refused',
          reason: body.message,
          after: expect.objectContaining({ txid, ...expected }),
        },
      ])
    })

    it("a transfer from a wallet that is not ours (the user's own other wallet) is refused", async () => {
      const payout = await pendingPayout(currency)
      const txid = freshTxid(currency)
      // The user pays their own address from another wallet of theirs; the operator types that wallet as sender.
      const usersOtherWallet = USERS_OTHER_WALLET[currency]
      playChainCase(
        fake(),
        'success',
        { currency, txid, sender: usersOtherWallet, receiver: payout.receiver, net: payout.net },
        { confirmations: CONFIRMATIONS[currency] },
      )
      const answer = await succeed(payout.uid, txid, usersOtherWallet)
      expect(answer.statusCode, answer.body).toBe(409)
      expect(json(answer)).toMatchObject({
        code: 'CHAIN_CHECK_FAILED',
        details: { check: 'sender', expected: SENDER[currency], found: usersOtherWallet },
      })
      expect((await auditOf(payout.uid)).map((row) => row.action)).toEqual(['transaction.succeed.refused'])
    })

    it('txid recorded for another payout', async () => {
      const first = await pendingPayout(currency)
      const second = await pendingPayout(currency)
      const txid = freshTxid(currency)
      const sender = SENDER[currency]
      playChainCase(
        fake(),
        'success',
        { currency, txid, sender, receiver: first.receiver, net: first.net },
        {
          confirmations: CONFIRMATIONS[currency],
        },
      )
      expect((await succeed(first.uid, txid, sender)).statusCode).toBe(200)
      const calls = fake().calls.length
      const again = await succeed(second.uid, txid.toUpperCase().replace(/^0X/, '0x'), sender)
      expect(again.statusCode, again.body).toBe(409)
      expect(json(again)).toMatchObject({
        code: 'CHAIN_CHECK_FAILED',
        details: { check: 'txid', found: expect.stringContaining(first.uid) },
      })
      // Refused before the chain is asked.
      expect(fake().calls.length).toBe(calls)
    })
  })

  /** The payout service of another process on the same database, its clock `offsetMs` ahead. */
  const processOf = (offsetMs = 0) =>
    createTransactionService({
      db: t.database.db,
      now: () => new Date(Date.now() + offsetMs),
      cursors: createCursorCodec(TEST_AUTH_SECRET),
      config: t.config,
      chainReaders: createChainReaders(t.config.chain),
    })

  describe('re-checked in the background until final', () => {
    /** A payout of `currency` recorded with too few confirmations: waiting. */
    async function waitingPayout(currency: 'trx' | 'usdt') {
      const payout = await pendingPayout(currency)
      const txid = freshTxid(currency)
      const fake = currency === 'trx' ? tron : bsc
      playChainCase(
        fake,
        'too few confirmations',
        { currency, txid, sender: SENDER[currency], receiver: payout.receiver, net: payout.net },
        { confirmations: CONFIRMATIONS[currency] },
      )
      const answer = await succeed(payout.uid, txid, SENDER[currency])
      expect(json(answer)).toMatchObject({ status: 'broadcasting', chainCheck: { state: 'waiting' } })
      return { ...payout, txid, fake }
    }
    const listed = async (uid: string) =>
      (
        await opsOk<{ items: { uid: string; status: string; chainCheck: Record<string, unknown> }[] }>(
          opsOf(t.app),
          'GET',
          '/ops/transactions?limit=100',
        )
      ).items.find((item) => item.uid === uid)

    it('counts confirmations, then records the payout paid once final, audited as the chain check', async () => {
      const payout = await waitingPayout('usdt')
      payout.fake.head += 4n
      expect((await processOf().recheckWaiting())[payout.uid]).toBe('waiting')
      expect(await listed(payout.uid)).toMatchObject({
        status: 'broadcasting',
        chainCheck: { state: 'waiting', confirmations: 5 },
      })
      payout.fake.head += BigInt(CONFIRMATIONS.usdt)
      expect((await processOf().recheckWaiting())[payout.uid]).toBe('verified')
      expect(await listed(payout.uid)).toMatchObject({
        status: 'success',
        chainCheck: {
          state: 'verified',
          confirmations: CONFIRMATIONS.usdt + 5,
          required: CONFIRMATIONS.usdt,
        },
      })
      const rows = await auditOf(payout.uid)
      expect(rows.at(-1)).toMatchObject({
        action: 'transaction.succeed',
        reason: `${CONFIRMATIONS.usdt + 5} of 15 confirmations`,
      })
      // The invoice is paid in the same database transaction.
      const invoice = (await t.database.db.execute(
        sql`select i.payment_status, i.paid_at is not null as paid from invoices i join transactions t on t.invoice_id = i.id where t.uid = ${payout.uid}`,
      )) as { rows: { payment_status: string; paid: boolean }[] }
      expect(invoice.rows).toEqual([{ payment_status: 'success', paid: true }])
    })

    it('past the time limit it is left to an operator, in the expired queue; an endpoint down changes nothing', async () => {
      const payout = await waitingPayout('trx')
      tron.fault({ kind: 'garbage' })
      expect(await processOf().recheckWaiting()).not.toHaveProperty(payout.uid)
      expect(await listed(payout.uid)).toMatchObject({ chainCheck: { state: 'waiting', confirmations: 1 } })
      tron.clearFaults()
      const late = processOf((t.config.chain.confirmTimeoutSeconds + 1) * 1000)
      expect((await late.recheckWaiting())[payout.uid]).toBe('expired')
      const expired = await opsOk<{ items: { uid: string; chainCheck: { reason: string } }[] }>(
        opsOf(t.app),
        'GET',
        '/ops/transactions?chainCheck=expired&limit=100',
      )
      expect(expired.items.find((item) => item.uid === payout.uid)?.chainCheck.reason).toMatch(
        /^Still 1 of 19 confirmations 3600 s after it was recorded/,
      )
      // The operator records it again once final: verified, paid.
      tron.head += 30n
      const again = await succeed(payout.uid, payout.txid, SENDER.trx)
      expect(json(again)).toMatchObject({ status: 'success', chainCheck: { state: 'verified' } })
    })

    it('one process a round: a second process finds the round taken', async () => {
      const [a, b] = [processOf(), processOf()]
      const rounds = await Promise.all([a.recheckRound(), b.recheckRound()])
      expect(rounds.filter((round) => round === undefined)).toHaveLength(1)
    })
  })

  it('a toman payout is not checked on a chain: its typed reference is recorded, the check not applicable', async () => {
    const payout = await pendingPayout('irt')
    const answer = await succeed(payout.uid, 'BANK-REF-2211', '')
    expect(answer.statusCode, answer.body).toBe(200)
    expect(json(answer)).toMatchObject({
      status: 'success',
      txid: 'BANK-REF-2211',
      chainCheck: { state: 'not_applicable', explorerUrl: null },
    })
  })

  it('a bank reference recorded for another toman payout is refused as a txid is, and audited', async () => {
    const first = await pendingPayout('irt')
    const second = await pendingPayout('irt')
    const reference = `SATNA-${freshTxid('trx').slice(-12)}`
    expect((await succeed(first.uid, reference, '')).statusCode).toBe(200)
    const again = await succeed(second.uid, reference.toLowerCase(), '')
    expect(again.statusCode, again.body).toBe(409)
    expect(json(again)).toMatchObject({
      code: 'PAYOUT_REFERENCE_TAKEN',
      details: { reference: reference.toLowerCase(), payout: first.uid },
    })
    const listed = await opsOk<{ items: { uid: string; status: string; txid: string | null }[] }>(
      opsOf(t.app),
      'GET',
      '/ops/transactions?status=pending&limit=100',
    )
    expect(listed.items.find((item) => item.uid === second.uid)).toMatchObject({
      status: 'pending',
      txid: null,
    })
    expect(await auditOf(second.uid)).toEqual([
      {
        action: 'transaction.succeed.refused',
        reason: json<{ message: string }>(again).message,
        after: expect.objectContaining({ txid: reference.toLowerCase() }),
      },
    ])
  })

  it('one bank reference recorded for several toman payouts at once: exactly one succeeds', async () => {
    const payouts = await Promise.all(Array.from({ length: 6 }, () => pendingPayout('irt')))
    const reference = `PAYA-${freshTxid('trx').slice(-12)}`
    const answers = await Promise.all(payouts.map((payout) => succeed(payout.uid, reference, '')))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409])
    const paid = (await t.database.db.execute(
      sql`select count(*)::int as n from transactions where lower(txid) = ${reference.toLowerCase()} and status = 'success'`,
    )) as { rows: { n: number }[] }
    expect(paid.rows[0]?.n).toBe(1)
  })

  it('without an endpoint (development, the demo) a payout is recorded unverified and says so, nothing checked', async () => {
    const plain = await createTestApp(kind)
    try {
      await openPayments(opsOf(plain.app))
      for (const currency of ['trx', 'usdt'] as const) {
        // One txid for two payouts: unchecked too, as the money suites record them.
        const txid = freshTxid(currency)
        for (const payout of [await pendingPayout(currency, plain), await pendingPayout(currency, plain)]) {
          const answer = await succeed(payout.uid, txid, SENDER[currency], plain)
          expect(answer.statusCode, answer.body).toBe(200)
          expect(json(answer)).toMatchObject({ status: 'success', chainCheck: { state: 'unverified' } })
        }
      }
    } finally {
      await plain.close()
    }
  })
})
