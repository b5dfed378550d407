/**
 * Payment requests (the user asks for a payout of a confirmed invoice) and payouts (operators record
 * what they sent). Both lock the invoice row first, so a request and an operator's move, or two
 * requests, never interleave. Decisions in docs/payments.md.
 */

import { randomUUID } from 'node:crypto'
import {
  type BankCardCreate,
  type ExchangePair,
  isBscAddress,
  isTronAddress,
  type Transaction,
  USDT_BEP20_FEE,
} from '@app/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { ChainConfig, Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { claimRound } from '../../db/leases.ts'
import { type BatchWorker, startSchedule } from '../../lib/batch-worker.ts'
import type { CursorCodec } from '../../lib/cursor.ts'
import { DomainError, notFound, validationError } from '../../lib/domain-error.ts'
import { assemblePage } from '../../lib/keyset.ts'
import { formatUsdt, formatUsdt2, parseUsdt } from '../../lib/money.ts'
import { type ChainLookUp, ChainUnavailableError } from '../../providers/chain/chain-reader.ts'
import type { ChainReaders } from '../../providers/chain/readers.ts'
import { appendAudit } from '../audit/service.ts'
import { queueOpsMessage, queueUserMessage, transactionThenWake } from '../bot-outbox/queue.ts'
import { saveBankCard } from '../payments/bank-card-repository.ts'
import { findCurrentRate, findLowestRate } from '../rates/repository.ts'
import { rateUnavailable, withinBounds } from '../rates/service.ts'
import { auditSharedPayouts, type PayoutDetail } from '../referrals/shared-payouts.ts'
import { readSettingsAt } from '../settings/repository.ts'
import type { PayoutSigner } from '../signers/signers.ts'
import { type ChainExpectation, type ChainVerdict, judgeOnChain, txidTaken } from './chain-check.ts'
import { approvalState, approvePayout, fourEyesOf, requireFourEyes } from './four-eyes.ts'
import { findInvoice, setInvoicePaymentStatus } from './invoice-repository.ts'
import {
  invoiceAwaitsPayout,
  PAYMENT_STATUS_AFTER,
  PAYMENT_STATUS_ON_REQUEST,
  PAYOUT_MOVES_FROM,
  type PayoutCurrency,
  type PayoutMove,
  type TransactionStatus,
} from './status-rules.ts'
import {
  countWaitingPayouts,
  findOpenTransaction,
  findOtherPayoutWithTxid,
  findTransaction,
  findTransactionsByStatus,
  findWaitingPayouts,
  insertTransaction,
  lockTxid,
  type StoredChainCheck,
  setChainCheck,
  type TransactionRecord,
  updateTransactionStatus,
} from './transaction-repository.ts'
import { explorerUrl, type OpsTransaction, toOpsTransaction, toTransaction } from './views.ts'

export type PayoutServiceDeps = {
  db: Db
  now: () => Date
  cursors: CursorCodec
  /** The operators' chat the bot tells of new payout requests (docs/bot.md); the chain check's rules. */
  config?:
    | {
        bot: Pick<Config['bot'], 'opsChatId'>
        chain?: ChainConfig | undefined
        /** The window of a payout's value in USDT (valueInUsdt): FOUR_EYES_DELAY_SECONDS, a day by default. */
        operators?: Pick<Config['operators'], 'fourEyesDelaySeconds'> | undefined
      }
    | undefined
  /** The chain check's readers (docs/payments.md, 'Chain check'); none: TRX and USDT payouts are recorded unverified. */
  chainReaders?: ChainReaders | undefined
  /** Wakes the bot's outbox worker once a change that queued a message committed (services.ts). */
  messageQueued?: (() => void) | undefined
  /** The background chain check says what it did and when an endpoint failed. */
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> | undefined
}

/** The lease of the background chain check's rounds (one process a round). */
const CHAIN_RECHECK_LEASE = 'chain-recheck'
/** Who the audit log names for what the background chain check records. */
const CHAIN_CHECK_ACTOR = { id: null, login: 'chain-check' }

const MICRO = 1_000_000n
const USDT_FEE_MINOR = parseUsdt(String(USDT_BEP20_FEE)) ?? 0n
const RATE_PAIR: Record<Exclude<PayoutCurrency, 'usdt'>, ExchangePair> = { trx: 'USDTTRX', irt: 'USDTIRT' }

export type PayoutRequest =
  | { currency: 'trx' | 'usdt'; receiverAddress: string }
  | { currency: 'irt'; bankCard: BankCardCreate }

/**
 * What the operator pays, in the payout currency's minor units, rounded down so that a payout never
 * exceeds the invoice: trx and usdt to cents (storage keeps 6 decimals), toman to whole toman.
 */
function payoutNet(currency: PayoutCurrency, amount: bigint, fee: bigint, rate: bigint): bigint {
  const usdt = amount - fee
  if (currency === 'irt') return (usdt * rate) / (MICRO * MICRO)
  const minor = (usdt * rate) / MICRO
  return minor - (minor % 10_000n)
}

/** What the request is paid to, as the self-referral check compares it. */
const payoutDetailsOf = (request: PayoutRequest): PayoutDetail[] =>
  request.currency === 'irt'
    ? [
        { kind: 'card', value: request.bankCard.number },
        { kind: 'sheba', value: request.bankCard.iban },
      ]
    : [{ kind: 'wallet', value: request.receiverAddress }]

const receiverOf = (request: PayoutRequest) =>
  request.currency === 'irt' ? request.bankCard.iban : request.receiverAddress

const unavailable = (message: string) => new DomainError(409, 'PAYMENT_REQUEST_UNAVAILABLE', message)

const TXID: Record<PayoutCurrency, RegExp> = {
  trx: /^[0-9a-fA-F]{64}$/,
  usdt: /^0x[0-9a-fA-F]{64}$/,
  // A bank transfer's tracking or reference number.
  irt: /^[A-Za-z0-9-]{4,64}$/,
}

function checkPayoutProof(row: TransactionRecord, move: Extract<PayoutMove, { to: 'success' }>) {
  const { currency } = row
  if (!TXID[currency].test(move.txid)) {
    throw validationError(
      currency === 'irt'
        ? 'txid: the bank reference must be 4-64 letters, digits or dashes'
        : `txid: not a ${currency === 'trx' ? 'TRON transaction id (64 hex)' : 'BSC transaction hash (0x + 64 hex)'}`,
    )
  }
  if (currency === 'irt') return
  const sender = move.senderAddress ?? ''
  const valid = currency === 'trx' ? isTronAddress(sender) : isBscAddress(sender)
  if (!valid)
    throw validationError(`senderAddress: not a valid ${currency === 'trx' ? 'TRON' : 'BSC'} address`)
}

/**
 * What the chain said of a TRX or USDT payout being recorded as succeeded, read before the move's database
 * transaction opens (no lock is held while an endpoint answers): `unverified` when its chain has no endpoint.
 */
export type ChainWord = { kind: 'unverified' } | { kind: 'read'; look: ChainLookUp; at: Date }

type SucceedMove = Extract<PayoutMove, { to: 'success' }>

type Refusal = Extract<ChainVerdict, { kind: 'refused' }>

const chainRefused = (verdict: Refusal) =>
  new DomainError(409, 'CHAIN_CHECK_FAILED', verdict.reason, {
    check: verdict.check,
    expected: verdict.expected,
    found: verdict.found,
  })

/** A toman payout's bank reference that another payout recorded: refused as a reused txid is. */
const referenceTaken = (reference: string, payout: string) =>
  new DomainError(
    409,
    'PAYOUT_REFERENCE_TAKEN',
    `The bank reference is recorded for another payout: expected a reference no payout has, found ${reference} on payout ${payout}`,
    { reference, payout },
  )

/** The payout that recorded this txid or bank reference already (any case), under a lock held to the end of `tx`. */
async function lockedOtherPayout(tx: Db, row: TransactionRecord, txid: string) {
  await lockTxid(tx, txid)
  return findOtherPayoutWithTxid(tx, txid, row.id)
}

export function createPayoutService(deps: PayoutServiceDeps) {
  const { db, now, cursors } = deps
  const chain = deps.config?.chain
  const rateWindowMs = (deps.config?.operators?.fourEyesDelaySeconds ?? 24 * 3600) * 1000

  /**
   * What a payout of `net` (its currency's minor units) is worth in USDT minor units, for four eyes and the largest
   * payout: converted at the lowest rate of its pair in force over the window before `at` (FOUR_EYES_DELAY_SECONDS),
   * rounded up, and never less than the invoice amount. A rate moved up lately cannot shrink it.
   */
  async function valueInUsdt(tx: Db, currency: PayoutCurrency, amount: bigint, net: bigint, at: Date) {
    if (currency === 'usdt') return amount
    const pair = RATE_PAIR[currency]
    const lowest = await findLowestRate(tx, pair, new Date(at.getTime() - rateWindowMs), at)
    if (lowest === undefined) throw rateUnavailable(pair)
    const scaled = currency === 'irt' ? net * MICRO * MICRO : net * MICRO
    const value = (scaled + lowest - 1n) / lowest
    return value > amount ? value : amount
  }

  /** What the chain must show of this payout recorded with this txid and sender. */
  function expectationOf(row: TransactionRecord, move: SucceedMove): ChainExpectation {
    const currency = row.currency === 'trx' ? 'trx' : 'usdt'
    return {
      currency,
      txid: move.txid,
      receiver: row.receiverAddress,
      sender: move.senderAddress ?? '',
      wallets: (currency === 'trx' ? chain?.tron?.payoutWallets : chain?.bsc?.payoutWallets) ?? [],
      net: row.net,
      usdtContract: chain?.bsc?.usdtContract ?? '',
      required: (currency === 'trx' ? chain?.tron?.confirmations : chain?.bsc?.confirmations) ?? 1,
    }
  }

  /**
   * A refused recording, kept although the move is not made: on the payout (operators see why; a toman payout has no
   * chain check to hold it) and in the audit log. Answers the error to throw.
   */
  async function recordRefusal(
    row: TransactionRecord,
    move: SucceedMove,
    error: DomainError,
    by: PayoutSigner,
  ) {
    const at = now()
    await db.transaction(async (tx) => {
      // A payout waiting for the confirmations of an earlier txid keeps that check; the refusal is in the log.
      if (row.chainCheck !== 'waiting' && row.currency !== 'irt')
        await setChainCheck(tx, row.id, {
          chainCheck: 'refused',
          chainReason: error.message,
          chainCheckedAt: at,
          chainConfirmations: null,
          chainRequired: null,
        })
      await appendAudit(tx, by, {
        action: 'transaction.succeed.refused',
        objectType: 'transaction',
        objectId: row.uid,
        reason: error.message,
        before: { status: row.status, txid: row.txid, senderAddress: row.senderAddress },
        after: { txid: move.txid, senderAddress: move.senderAddress ?? null, ...error.details },
      })
    })
    return error
  }

  /** The chain's word on a payout, or 503 CHAIN_UNAVAILABLE with Retry-After when its endpoint cannot say. */
  async function readChain(row: TransactionRecord, txid: string): Promise<ChainWord> {
    const reader = row.currency === 'trx' ? deps.chainReaders?.tron : deps.chainReaders?.bsc
    if (reader === undefined) return { kind: 'unverified' }
    try {
      return { kind: 'read', look: await reader.lookUp(txid), at: now() }
    } catch (error) {
      if (!(error instanceof ChainUnavailableError)) throw error
      const wait = chain?.retryAfterSeconds ?? 30
      const unavailable = new DomainError(
        503,
        'CHAIN_UNAVAILABLE',
        `The ${error.chain === 'tron' ? 'TRON' : 'BSC'} endpoint cannot be read now (${error.message}); nothing was recorded, try again`,
        { chain: error.chain, wait },
      )
      unavailable.retryAfterSeconds = wait
      throw unavailable
    }
  }

  /** A payout as operators see it now, with its four eyes. */
  async function opsTransaction(uid: string): Promise<OpsTransaction> {
    const row = await findTransaction(db, uid)
    if (!row) throw notFound('Transaction not found')
    const fourEyes = await fourEyesOf(db, [uid], now())
    return toOpsTransaction(row, fourEyes(row))
  }

  /**
   * The chain check a success is recorded with, decided again in the move's transaction with the txid held: a TRX or
   * USDT success needs the chain's word read before (checkOnChain), so that no caller can skip it.
   */
  async function chainCheckOfSuccess(
    tx: Db,
    row: TransactionRecord,
    move: SucceedMove,
    word: ChainWord | undefined,
    at: Date,
  ): Promise<Partial<StoredChainCheck>> {
    if (row.currency === 'irt') {
      const other = await lockedOtherPayout(tx, row, move.txid)
      if (other !== undefined) throw referenceTaken(move.txid, other.uid)
      return {}
    }
    if (word === undefined)
      throw new Error('a TRX or USDT payout succeeds only after its chain check (checkOnChain)')
    if (word.kind === 'unverified') return { chainCheck: 'unverified', chainCheckedAt: at, chainReason: null }
    const other = await lockedOtherPayout(tx, row, move.txid)
    if (other !== undefined) throw chainRefused(txidTaken(move.txid, other.uid) as Refusal)
    const verdict = judgeOnChain(word.look, expectationOf(row, move))
    if (verdict.kind === 'refused') throw chainRefused(verdict)
    return {
      chainCheck: verdict.kind === 'verified' ? 'verified' : 'waiting',
      chainConfirmations: verdict.confirmations,
      chainRequired: verdict.required,
      chainReason: null,
      chainCheckedAt: word.at,
      chainWaitUntil:
        verdict.kind === 'waiting'
          ? new Date(at.getTime() + (chain?.confirmTimeoutSeconds ?? 3600) * 1000)
          : null,
    }
  }

  /** What follows a payout's move in its transaction: the user's message and the invoice's payment status. */
  async function followMove(
    tx: Db,
    row: TransactionRecord,
    to: TransactionStatus,
    txid: string | null,
    at: Date,
  ): Promise<void> {
    if (to === 'success' || to === 'failed') {
      const view = toTransaction({ ...row, status: to })
      await queueUserMessage(tx, {
        userId: row.userId,
        kind: to === 'success' ? 'payout_succeeded' : 'payout_failed',
        params: {
          amount: String(view.net),
          currency: row.currency === 'irt' ? 'IRT' : row.currency.toUpperCase(),
          link: (to === 'success' ? explorerUrl(row.currency, txid) : undefined) ?? '',
          invoiceUid: row.invoiceUid,
          transactionUid: row.uid,
        },
        now: at,
      })
    }
    const paymentStatus = PAYMENT_STATUS_AFTER[to]
    if (paymentStatus !== undefined) {
      await setInvoicePaymentStatus(tx, row.invoiceId, paymentStatus, to === 'success' ? at : null)
    }
  }

  /**
   * Reads one payout waiting for confirmations again and records what changed, in one database transaction with the
   * invoice locked: verified -> success (paid, the user told, audited as the chain check's); refused (the chain no
   * longer shows it: a reorganisation, a replaced transaction) -> the reason on the payout; still short past the time
   * limit -> `expired`, for an operator; else the new count. A payout moved meanwhile is left as it is.
   */
  async function recheckOne(row: TransactionRecord, word: ChainWord): Promise<string> {
    if (word.kind !== 'read' || row.txid === null) return 'skipped'
    const verdict = judgeOnChain(
      word.look,
      expectationOf(row, { to: 'success', txid: row.txid, senderAddress: row.senderAddress ?? undefined }),
    )
    const at = word.at
    return transactionThenWake(db, deps.messageQueued, async (tx) => {
      await findInvoice(tx, row.invoiceUid, { forUpdate: true })
      const current = await findTransaction(tx, row.uid)
      if (current?.status !== 'broadcasting' || current.chainCheck !== 'waiting' || current.txid !== row.txid)
        return 'moved meanwhile'
      const before = {
        status: current.status,
        chainCheck: current.chainCheck,
        confirmations: current.chainConfirmations,
      }
      const audit = (action: string, reason: string, after: unknown) =>
        appendAudit(tx, CHAIN_CHECK_ACTOR, {
          action,
          objectType: 'transaction',
          objectId: row.uid,
          reason,
          before,
          after,
        })
      if (verdict.kind === 'verified') {
        const moved = await updateTransactionStatus(tx, row.id, ['broadcasting'], {
          status: 'success',
          paidAt: at,
          chainCheck: 'verified',
          chainConfirmations: verdict.confirmations,
          chainRequired: verdict.required,
          chainCheckedAt: at,
          chainWaitUntil: null,
        })
        if (!moved) return 'moved meanwhile'
        await followMove(tx, row, 'success', row.txid, at)
        await audit('transaction.succeed', `${verdict.confirmations} of ${verdict.required} confirmations`, {
          status: 'success',
          chainCheck: 'verified',
        })
        return 'verified'
      }
      if (verdict.kind === 'refused') {
        await setChainCheck(tx, row.id, {
          chainCheck: 'refused',
          chainReason: verdict.reason,
          chainCheckedAt: at,
        })
        await audit('transaction.chain-refused', verdict.reason, { chainCheck: 'refused' })
        return 'refused'
      }
      if (current.chainWaitUntil !== null && at >= current.chainWaitUntil) {
        const reason = `Still ${verdict.confirmations} of ${verdict.required} confirmations ${chain?.confirmTimeoutSeconds ?? 3600} s after it was recorded: record it again once final, or fail it`
        await setChainCheck(tx, row.id, {
          chainCheck: 'expired',
          chainConfirmations: verdict.confirmations,
          chainReason: reason,
          chainCheckedAt: at,
        })
        await audit('transaction.chain-expired', reason, { chainCheck: 'expired' })
        return 'expired'
      }
      await setChainCheck(tx, row.id, {
        chainCheck: 'waiting',
        chainConfirmations: verdict.confirmations,
        chainCheckedAt: at,
      })
      return 'waiting'
    })
  }

  /**
   * One round of the background chain check: payouts waiting for confirmations, least recently checked first. An
   * endpoint that cannot answer ends the round for its chain (the next round tries again); answers what each became.
   */
  async function recheckWaiting(limit = 50): Promise<Record<string, string>> {
    const outcome: Record<string, string> = {}
    const down = new Set<string>()
    for (const row of await findWaitingPayouts(db, limit)) {
      if (row.txid === null || down.has(row.currency)) continue
      try {
        outcome[row.uid] = await recheckOne(row, await readChain(row, row.txid))
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'CHAIN_UNAVAILABLE') throw error
        down.add(row.currency)
        deps.log?.warn({ currency: row.currency }, `chain re-check: ${error.message}`)
      }
    }
    return outcome
  }

  /** This process's name on the re-check's lease. */
  const holder = randomUUID()

  /** One round now, when this process gets the round's lease (tests; the schedule below). */
  async function recheckRound(): Promise<Record<string, string> | undefined> {
    const round = { name: CHAIN_RECHECK_LEASE, holder, now: now(), intervalMs: chain?.recheckMs || 30_000 }
    if (!(await claimRound(db, round))) return undefined
    const outcome = await recheckWaiting()
    const changed = Object.entries(outcome).filter(([, what]) => what !== 'waiting' && what !== 'skipped')
    if (changed.length > 0)
      deps.log?.info({ holder, changed: Object.fromEntries(changed) }, 'chain re-check round')
    return outcome
  }

  return {
    recheckRound,
    recheckWaiting,

    /** Starts the background chain check: a round every CHAIN_RECHECK_MS in whichever process holds the lease. */
    startRecheck(): BatchWorker {
      const intervalMs = chain?.recheckMs || 30_000
      return startSchedule({
        intervalMs,
        firstDelayMs: intervalMs,
        run: recheckRound,
        onError: (error) => deps.log?.error({ err: error }, 'chain re-check round failed'),
      })
    },

    /**
     * Creates the invoice's payout transaction (201), or answers the open one when this is the same request
     * again (200: a retry after a lost answer, a double tap). The partial unique index on open transactions
     * is the last line: even a bug here could not open two.
     */
    async request(
      userId: number,
      invoiceUid: string,
      request: PayoutRequest,
    ): Promise<{ transaction: Transaction; created: boolean }> {
      const requestedAt = now()
      const result = await transactionThenWake(db, deps.messageQueued, async (tx) => {
        const invoice = await findInvoice(tx, invoiceUid, { userId, forUpdate: true })
        if (!invoice) throw notFound('Invoice not found')
        const open = await findOpenTransaction(tx, invoice.id)
        if (open) {
          if (open.currency === request.currency && open.receiverAddress === receiverOf(request)) {
            return { uid: open.uid, created: false }
          }
          throw unavailable('A payment request of this invoice is already open')
        }
        const settings = await readSettingsAt(tx, requestedAt)
        if (!settings.payment_open || (request.currency === 'irt' && !settings.toman_payment_open)) {
          throw new DomainError(409, 'PAYMENT_CLOSED', 'Payment requests are closed for now')
        }
        if (!invoiceAwaitsPayout(invoice)) {
          throw unavailable(
            `The invoice does not allow a payment request (confirmation ${invoice.confirmationStatus}, payment ${invoice.paymentStatus})`,
          )
        }
        const fee = request.currency === 'usdt' ? USDT_FEE_MINOR : 0n
        if (invoice.amount <= fee) throw unavailable('The invoice amount does not cover the payout fee')
        let rate = MICRO
        if (request.currency !== 'usdt') {
          const pair = RATE_PAIR[request.currency]
          const current = await findCurrentRate(tx, pair)
          if (current === undefined) throw rateUnavailable(pair)
          // A rate set before its bounds were narrowed pays nothing out until an admin sets it again.
          if (!withinBounds(pair, current, settings))
            throw new DomainError(
              409,
              'EXCHANGE_RATE_UNAVAILABLE',
              `The ${pair} rate is outside its bounds: an admin sets it again`,
            )
          rate = current
        }
        const net = payoutNet(request.currency, invoice.amount, fee, rate)
        const valueUsdt = await valueInUsdt(tx, request.currency, invoice.amount, net, requestedAt)
        if (valueUsdt > settings.max_payment_limit)
          throw unavailable(
            `This payout is worth ${formatUsdt(valueUsdt)} USDT at the lowest ${request.currency.toUpperCase()} rate of the past day, above the largest payout (${formatUsdt(settings.max_payment_limit)} USDT): take it in USDT, or later`,
          )
        const bankCardId =
          request.currency === 'irt' ? await saveBankCard(tx, userId, request.bankCard, requestedAt) : null
        const uid = await insertTransaction(tx, {
          invoiceId: invoice.id,
          userId,
          currency: request.currency,
          amount: invoice.amount,
          userFee: fee,
          rate,
          net,
          valueUsdt,
          receiverAddress: receiverOf(request),
          bankCardId,
          createdAt: requestedAt,
        })
        await auditSharedPayouts(tx, userId, uid, payoutDetailsOf(request))
        await queueOpsMessage(tx, deps.config?.bot.opsChatId, {
          kind: 'ops_payout_requested',
          params: { amount: formatUsdt2(invoice.amount), currency: 'USDT', invoiceUid },
          now: requestedAt,
        })
        if (invoice.paymentStatus !== PAYMENT_STATUS_ON_REQUEST) {
          await setInvoicePaymentStatus(tx, invoice.id, PAYMENT_STATUS_ON_REQUEST, null)
        }
        return { uid, created: true }
      })
      const row = await findTransaction(db, result.uid)
      if (!row) throw new Error('transaction vanished after its request')
      return { transaction: toTransaction(row), created: result.created }
    },

    async get(userId: number, uid: string): Promise<Transaction> {
      const row = await findTransaction(db, uid, userId)
      // Another user's transaction is indistinguishable from a missing one.
      if (!row) throw notFound('Transaction not found')
      return toTransaction(row)
    },

    // --- Operators: recording payouts ---

    async listForOperators(input: {
      status?: TransactionStatus | undefined
      currency?: PayoutCurrency | undefined
      chainCheck?: OpsTransaction['chainCheck']['state'] | undefined
      cursor?: string | undefined
      limit: number
    }): Promise<{ items: OpsTransaction[]; nextPage: string | null }> {
      const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
      const rows = await findTransactionsByStatus(
        db,
        { status: input.status, currency: input.currency, chainCheck: input.chainCheck },
        input.limit + 1,
        from,
      )
      // The rows of the page only (the scan reads one more, to know whether a next page exists).
      const fourEyes = await fourEyesOf(
        db,
        rows.slice(0, input.limit).map((row) => row.uid),
        now(),
      )
      const page = assemblePage(rows, input.limit, from, cursors, (row) =>
        toOpsTransaction(row, fourEyes(row)),
      )
      return { items: page.items, nextPage: page.nextPage }
    },

    /** Four eyes: whether the payout needs a second operator's approval now, and who gave one. */
    approvalState: (uid: string) => approvalState(db, uid, now()),

    /** Its state before an operator moves it (the audit log); null when there is no such payout. */
    async snapshot(uid: string) {
      const row = await findTransaction(db, uid)
      return row === undefined
        ? null
        : { status: row.status, txid: row.txid, senderAddress: row.senderAddress }
    },

    /** Payouts waiting for confirmations now (the console's overview). */
    countWaiting: () => countWaitingPayouts(db),

    /**
     * The checks of recording a payout as succeeded, before the move (docs/payments.md, 'Chain check'): a toman
     * payout's bank reference must be no other payout's (409 PAYOUT_REFERENCE_TAKEN); a TRX or USDT payout's txid
     * must be no other payout's and the chain must show the exact transfer (409 CHAIN_CHECK_FAILED). A refusal is
     * recorded on the payout and in the audit log; an endpoint that cannot say is 503 CHAIN_UNAVAILABLE. The move
     * decides again with the txid held. Answers the chain's word (undefined: other moves, and toman).
     */
    async checkOnChain(uid: string, move: PayoutMove, by: PayoutSigner): Promise<ChainWord | undefined> {
      if (move.to !== 'success') return undefined
      const row = await findTransaction(db, uid)
      if (!row) throw notFound('Transaction not found')
      checkPayoutProof(row, move)
      if (!PAYOUT_MOVES_FROM.success.includes(row.status)) {
        throw new DomainError(409, 'INVALID_STATE', `Transaction is ${row.status}; cannot move it to success`)
      }
      if (row.currency === 'irt') {
        const other = await findOtherPayoutWithTxid(db, move.txid, row.id)
        if (other !== undefined)
          throw await recordRefusal(row, move, referenceTaken(move.txid, other.uid), by)
        return undefined
      }
      // All of it is the chain check: with no endpoint for the chain (development, the demo) nothing is checked.
      const reader = row.currency === 'trx' ? deps.chainReaders?.tron : deps.chainReaders?.bsc
      if (reader === undefined) return { kind: 'unverified' }
      const other = await findOtherPayoutWithTxid(db, move.txid, row.id)
      if (other !== undefined)
        throw await recordRefusal(row, move, chainRefused(txidTaken(move.txid, other.uid) as Refusal), by)
      const word = await readChain(row, move.txid)
      if (word.kind === 'read') {
        const verdict = judgeOnChain(word.look, expectationOf(row, move))
        if (verdict.kind === 'refused') throw await recordRefusal(row, move, chainRefused(verdict), by)
      }
      return word
    },

    /** A named operator approves a payout (four eyes). */
    approve: (by: PayoutSigner, uid: string) => db.transaction((tx) => approvePayout(tx, by, uid, now())),

    /**
     * An operator's payout move; the invoice's payment status follows in the same database transaction. Sending
     * (broadcasting, success) a payout above the approval amount needs four eyes (`four-eyes.ts`), checked here so
     * that no caller can skip it.
     */
    async move(uid: string, move: PayoutMove, by: PayoutSigner, word?: ChainWord): Promise<OpsTransaction> {
      const movedAt = now()
      await transactionThenWake(db, deps.messageQueued, async (tx) => {
        const row = await findTransaction(tx, uid)
        if (!row) throw notFound('Transaction not found')
        // Lock the invoice: no payment request or other move of it runs meanwhile.
        await findInvoice(tx, row.invoiceUid, { forUpdate: true })
        const from = PAYOUT_MOVES_FROM[move.to]
        if (!from.includes(row.status)) {
          throw new DomainError(
            409,
            'INVALID_STATE',
            `Transaction is ${row.status}; cannot move it to ${move.to}`,
          )
        }
        if (move.to === 'success') checkPayoutProof(row, move)
        if (move.to === 'broadcasting' || move.to === 'success') await requireFourEyes(tx, by, row, movedAt)
        if (move.to !== 'success') {
          const moved = await updateTransactionStatus(tx, row.id, from, { status: move.to })
          if (!moved) throw new DomainError(409, 'INVALID_STATE', 'Transaction changed meanwhile; try again')
          await followMove(tx, row, move.to, null, movedAt)
          return
        }
        const check = await chainCheckOfSuccess(tx, row, move, word, movedAt)
        // Found and right but not final yet: broadcasting, re-checked in the background until it is.
        const to = check.chainCheck === 'waiting' ? 'broadcasting' : 'success'
        const moved = await updateTransactionStatus(tx, row.id, from, {
          status: to,
          txid: move.txid,
          senderAddress: move.senderAddress ?? null,
          ...(to === 'success' ? { paidAt: movedAt } : {}),
          ...check,
        })
        if (!moved) throw new DomainError(409, 'INVALID_STATE', 'Transaction changed meanwhile; try again')
        await followMove(tx, row, to, move.txid, movedAt)
      })
      return opsTransaction(uid)
    },
  }
}
