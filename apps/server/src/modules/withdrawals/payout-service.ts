/**
 * Payment requests (the user asks for a payout of a confirmed invoice) and payouts (operators record
 * what they sent). Both lock the invoice row first, so a request and an operator's move, or two
 * requests, never interleave. Decisions in docs/payments.md.
 */
import {
  type ExchangePair,
  isBscAddress,
  isTronAddress,
  type Transaction,
  USDT_BEP20_FEE,
} from '@app/contract'
import type { Config } from '../../config.ts'
import { queueOpsMessage, queueUserMessage, transactionThenWake } from '../../db/bot-outbox.ts'
import type { Db } from '../../db/client.ts'
import type { CursorCodec } from '../../lib/cursor.ts'
import { DomainError, notFound, validationError } from '../../lib/domain-error.ts'
import { assemblePage } from '../../lib/keyset.ts'
import { formatUsdt2, parseUsdt } from '../../lib/money.ts'
import { type BankCardInput, saveBankCard } from '../payments/bank-card-repository.ts'
import { findCurrentRate } from '../payments/exchange-rate-repository.ts'
import { rateUnavailable } from '../payments/exchange-rate-service.ts'
import { readSettings } from '../settings/repository.ts'
import { approvalState, approvePayout, fourEyesOf, type PayoutSigner, requireFourEyes } from './four-eyes.ts'
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
  findOpenTransaction,
  findTransaction,
  findTransactionsByStatus,
  insertTransaction,
  type TransactionRecord,
  updateTransactionStatus,
} from './transaction-repository.ts'
import { type OpsTransaction, toOpsTransaction, toTransaction } from './views.ts'

export type PayoutServiceDeps = {
  db: Db
  now: () => Date
  cursors: CursorCodec
  /** The operators' chat the bot tells of new payout requests (docs/bot.md). */
  config?: { bot: Pick<Config['bot'], 'opsChatId'> } | undefined
  /** Wakes the bot's outbox worker once a change that queued a message committed (services.ts). */
  messageQueued?: (() => void) | undefined
}
export type PayoutService = ReturnType<typeof createPayoutService>

const MICRO = 1_000_000n
const USDT_FEE_MINOR = parseUsdt(String(USDT_BEP20_FEE)) ?? 0n
const RATE_PAIR: Record<Exclude<PayoutCurrency, 'usdt'>, ExchangePair> = { trx: 'USDTTRX', irt: 'USDTIRT' }

export type PayoutRequest =
  | { currency: 'trx' | 'usdt'; receiverAddress: string }
  | { currency: 'irt'; bankCard: BankCardInput }

/**
 * What the operator pays, in the payout currency's minor units, rounded down so that a payout never
 * exceeds the invoice: trx and usdt to cents (storage keeps 6 decimals), toman to whole toman.
 */
export function payoutNet(currency: PayoutCurrency, amount: bigint, fee: bigint, rate: bigint): bigint {
  const usdt = amount - fee
  if (currency === 'irt') return (usdt * rate) / (MICRO * MICRO)
  const minor = (usdt * rate) / MICRO
  return minor - (minor % 10_000n)
}

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

export function createPayoutService(deps: PayoutServiceDeps) {
  const { db, now, cursors } = deps

  /** A payout as operators see it now, with its four eyes. */
  async function opsTransaction(uid: string): Promise<OpsTransaction> {
    const row = await findTransaction(db, uid)
    if (!row) throw notFound('Transaction not found')
    const fourEyes = await fourEyesOf(db, [uid], now())
    return toOpsTransaction(row, fourEyes(row))
  }

  return {
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
        const settings = await readSettings(tx)
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
          rate = current
        }
        const bankCardId =
          request.currency === 'irt' ? await saveBankCard(tx, userId, request.bankCard, requestedAt) : null
        const uid = await insertTransaction(tx, {
          invoiceId: invoice.id,
          userId,
          currency: request.currency,
          amount: invoice.amount,
          userFee: fee,
          rate,
          net: payoutNet(request.currency, invoice.amount, fee, rate),
          receiverAddress: receiverOf(request),
          bankCardId,
          createdAt: requestedAt,
        })
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
      cursor?: string | undefined
      limit: number
    }): Promise<{ items: OpsTransaction[]; nextPage: string | null }> {
      const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
      const rows = await findTransactionsByStatus(
        db,
        { status: input.status, currency: input.currency },
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

    /** A named operator approves a payout (four eyes). */
    approve: (by: PayoutSigner, uid: string) => db.transaction((tx) => approvePayout(tx, by, uid, now())),

    /**
     * An operator's payout move; the invoice's payment status follows in the same database transaction. Sending
     * (broadcasting, success) a payout above the approval amount needs four eyes (`four-eyes.ts`), checked here so
     * that no caller can skip it.
     */
    async move(uid: string, move: PayoutMove, by: PayoutSigner): Promise<OpsTransaction> {
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
        const change =
          move.to === 'success'
            ? { status: move.to, txid: move.txid, senderAddress: move.senderAddress ?? null, paidAt: movedAt }
            : { status: move.to }
        const moved = await updateTransactionStatus(tx, row.id, from, change)
        if (!moved) throw new DomainError(409, 'INVALID_STATE', 'Transaction changed meanwhile; try again')
        if (move.to === 'success' || move.to === 'failed') {
          const view = toTransaction({ ...row, status: move.to })
          const explorer =
            move.to === 'success' && row.currency !== 'irt'
              ? `${row.currency === 'trx' ? 'https://tronscan.org/#/transaction/' : 'https://bscscan.com/tx/'}${move.txid}`
              : ''
          await queueUserMessage(tx, {
            userId: row.userId,
            kind: move.to === 'success' ? 'payout_succeeded' : 'payout_failed',
            params: {
              amount: String(view.net),
              currency: row.currency === 'irt' ? 'IRT' : row.currency.toUpperCase(),
              link: explorer,
              invoiceUid: row.invoiceUid,
              transactionUid: row.uid,
            },
            now: movedAt,
          })
        }
        const paymentStatus = PAYMENT_STATUS_AFTER[move.to]
        if (paymentStatus !== undefined) {
          await setInvoicePaymentStatus(
            tx,
            row.invoiceId,
            paymentStatus,
            move.to === 'success' ? movedAt : null,
          )
        }
      })
      return opsTransaction(uid)
    },
  }
}
