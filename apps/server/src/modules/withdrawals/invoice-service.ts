/**
 * Invoices: turning the available balance into an invoice (one database transaction, serialized per user),
 * the user's views of them, and the operators' confirmation moves. Decisions in docs/payments.md.
 */
import type { Account, InvoiceDetail, Page } from '@app/contract'
import type { OpsInvoiceRow } from '@app/contract/ops'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { lockUser } from '../../db/locks.ts'
import type { CursorCodec } from '../../lib/cursor.ts'
import { DomainError, notFound } from '../../lib/domain-error.ts'
import { assemblePage } from '../../lib/keyset.ts'
import { formatUsdt, formatUsdt2, usdtToWireNumber } from '../../lib/money.ts'
import { toAccount } from '../accounts/service.ts'
import { queueOpsMessage, queueUserMessage, transactionThenWake } from '../bot-outbox/queue.ts'
import {
  attachAvailableEarnings,
  invoiceEarningsAmount,
  releaseInvoiceEarnings,
} from '../referrals/earnings-repository.ts'
import { readSettings } from '../settings/repository.ts'
import {
  attachAvailableAccounts,
  countInvoiceAccounts,
  findInvoice,
  findInvoiceAccountPage,
  findInvoicePage,
  findInvoicesByConfirmation,
  type InvoiceRecord,
  insertInvoice,
  lastInvoiceCreatedAt,
  releaseInvoiceAccounts,
  setInvoiceAmount,
  updateConfirmationStatus,
} from './invoice-repository.ts'
import {
  CONFIRMATION_MOVES,
  type ConfirmationMove,
  type ConfirmationStatus,
  isOpenTransactionStatus,
  paymentRequestAllowed,
  TRANSACTION_STATUSES_BLOCKING_REJECT,
} from './status-rules.ts'
import {
  findTransactionsOfInvoice,
  hasTransactionIn,
  invoicesWithOpenTransaction,
} from './transaction-repository.ts'
import { type OpsInvoice, toInvoice, toOpsInvoice, toTransaction } from './views.ts'

export type InvoiceServiceDeps = {
  db: Db
  now: () => Date
  cursors: CursorCodec
  /** The operators' chat the bot tells of new invoices (docs/bot.md). */
  config?: { bot: Pick<Config['bot'], 'opsChatId'> } | undefined
  /** Wakes the bot's outbox worker once a change that queued a message committed (services.ts). */
  messageQueued?: (() => void) | undefined
}

const balanceError = (code: 'BALANCE_LOW_ERROR' | 'BALANCE_HIGH_ERROR', balance: bigint, limit: bigint) =>
  code === 'BALANCE_LOW_ERROR'
    ? new DomainError(400, code, 'Your balance is below the minimum payment limit', {
        balance: usdtToWireNumber(balance),
        minimum: usdtToWireNumber(limit),
      })
    : new DomainError(400, code, 'Your balance is above the maximum payment limit; please contact support', {
        balance: usdtToWireNumber(balance),
        maximum: usdtToWireNumber(limit),
      })

const invalidState = (message: string) => new DomainError(409, 'INVALID_STATE', message)

export function createInvoiceService({ db, now, cursors, config, messageQueued }: InvoiceServiceDeps) {
  const opsChatId = config?.bot.opsChatId
  /** The user's own invoice; another user's is a 404, the same as a missing one. */
  async function invoiceOfUser(userId: number, uid: string): Promise<InvoiceRecord> {
    const invoice = await findInvoice(db, uid, { userId })
    if (!invoice) throw notFound('Invoice not found')
    return invoice
  }

  return {
    /** Its statuses before an operator moves it (the audit log); null when there is no such invoice. */
    async snapshot(uid: string) {
      const row = await findInvoice(db, uid)
      return row === undefined
        ? null
        : { confirmationStatus: row.confirmationStatus, paymentStatus: row.paymentStatus }
    },

    /**
     * Creates an invoice of every accepted account not yet on one. The user's row is locked first, so
     * concurrent requests of one user (double taps, retries, several processes) run one after the other:
     * the first attaches the accounts, the next find nothing left (BALANCE_LOW_ERROR) or must wait.
     * Any refusal rolls the whole transaction back.
     */
    async request(userId: number) {
      const requestedAt = now()
      return transactionThenWake(db, messageQueued, async (tx) => {
        await lockUser(tx, userId)
        const settings = await readSettings(tx)
        if (!settings.payment_open) {
          throw new DomainError(400, 'PAYMENT_CLOSED', 'Withdrawals are temporarily closed')
        }
        const delay = settings.invoice_delay_seconds
        const last = await lastInvoiceCreatedAt(tx, userId)
        if (last !== undefined) {
          // The clock was read before this request waited for the lock: a request that came in just after it may
          // have committed an invoice stamped a little later. Such an invoice counts as made right now, not in
          // the future.
          const elapsed = Math.max(0, Math.floor((requestedAt.getTime() - last.getTime()) / 1000))
          if (elapsed < delay) {
            const wait = delay - elapsed
            throw new DomainError(
              400,
              'ACTION_WAIT_REQUIRED_ERROR',
              `Please wait ${wait} seconds before the next invoice`,
              { delay, wait },
            )
          }
        }
        const invoice = await insertInvoice(tx, userId, requestedAt)
        // Accounts and unpaid referral earnings: the balance is both, attached by the same transaction.
        const amount =
          (await attachAvailableAccounts(tx, userId, invoice.id)) +
          (await attachAvailableEarnings(tx, userId, invoice.id))
        if (amount === 0n || amount < settings.min_payment_limit) {
          throw balanceError('BALANCE_LOW_ERROR', amount, settings.min_payment_limit)
        }
        if (amount > settings.max_payment_limit) {
          throw balanceError('BALANCE_HIGH_ERROR', amount, settings.max_payment_limit)
        }
        const saved = await setInvoiceAmount(tx, invoice.id, amount)
        await queueOpsMessage(tx, opsChatId, {
          kind: 'ops_invoice_pending',
          params: { amount: formatUsdt2(amount), invoiceUid: saved.uid, user: `user ${userId}` },
          now: requestedAt,
        })
        return { uid: saved.uid, confirmationStatus: saved.confirmationStatus }
      })
    },

    async list(userId: number, input: { cursor?: string | undefined; size: number }) {
      const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
      const [rows, settings] = await Promise.all([
        findInvoicePage(db, userId, input.size + 1, from),
        readSettings(db),
      ])
      const open = await invoicesWithOpenTransaction(
        db,
        rows.map((row) => row.id),
      )
      return assemblePage(rows, input.size, from, cursors, (row) =>
        toInvoice(row, paymentRequestAllowed(row, settings.payment_open, open.has(row.id))),
      )
    },

    async detail(userId: number, uid: string): Promise<InvoiceDetail> {
      const invoice = await invoiceOfUser(userId, uid)
      const [transactions, settings, earnings] = await Promise.all([
        findTransactionsOfInvoice(db, invoice.id),
        readSettings(db),
        invoiceEarningsAmount(db, invoice.id),
      ])
      const hasOpen = transactions.some((t) => isOpenTransactionStatus(t.status))
      return {
        ...toInvoice(invoice, paymentRequestAllowed(invoice, settings.payment_open, hasOpen)),
        referralEarnings: usdtToWireNumber(earnings),
        transactions: transactions.map(toTransaction),
      }
    },

    async accounts(
      userId: number,
      uid: string,
      input: { cursor?: string | undefined; size: number },
    ): Promise<Page<Account> & { total: number }> {
      const invoice = await invoiceOfUser(userId, uid)
      const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
      const [rows, total] = await Promise.all([
        findInvoiceAccountPage(db, invoice.id, input.size + 1, from),
        countInvoiceAccounts(db, invoice.id),
      ])
      return { ...assemblePage(rows, input.size, from, cursors, toAccount), total }
    },

    // --- Operators ---

    /** Each with its user, its account count and the referral earnings part of its amount. */
    async listForOperators(input: {
      status?: ConfirmationStatus | undefined
      cursor?: string | undefined
      limit: number
    }): Promise<{ items: OpsInvoiceRow[]; nextPage: string | null }> {
      const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
      const rows = await findInvoicesByConfirmation(db, input.status, input.limit + 1, from)
      const page = assemblePage(rows, input.limit, from, cursors, (row) => ({
        ...toOpsInvoice(row),
        telegramId: row.telegramId,
        firstName: row.firstName,
        accountCount: Number(row.accountCount),
        referralEarnings: formatUsdt(BigInt(row.referralEarnings)),
      }))
      return { items: page.items, nextPage: page.nextPage }
    },

    /**
     * An operator's confirmation move. Rejecting gives the accounts and referral earnings back to the available balance and is
     * refused once a payout is open or done (the invoice row is locked so no payment request slips in).
     */
    async move(uid: string, move: ConfirmationMove): Promise<OpsInvoice> {
      return transactionThenWake(db, messageQueued, async (tx) => {
        const invoice = await findInvoice(tx, uid, { forUpdate: true })
        if (!invoice) throw notFound('Invoice not found')
        const { from, to } = CONFIRMATION_MOVES[move]
        if (!from.includes(invoice.confirmationStatus)) {
          throw invalidState(`Invoice is ${invoice.confirmationStatus}; ${move} needs ${from.join(' or ')}`)
        }
        if (
          move === 'reject' &&
          (await hasTransactionIn(tx, invoice.id, TRANSACTION_STATUSES_BLOCKING_REJECT))
        ) {
          throw invalidState('Invoice has an open or successful payout; it cannot be rejected')
        }
        const moved = await updateConfirmationStatus(tx, invoice.id, from, to)
        if (!moved) throw invalidState('Invoice changed meanwhile; try again')
        if (move !== 'validate') {
          await queueUserMessage(tx, {
            userId: invoice.userId,
            kind: move === 'confirm' ? 'invoice_confirmed' : 'invoice_rejected',
            params: { amount: formatUsdt2(invoice.amount), invoiceUid: invoice.uid },
            now: now(),
          })
        }
        if (move === 'reject') {
          await releaseInvoiceAccounts(tx, invoice.id)
          await releaseInvoiceEarnings(tx, invoice.id)
        }
        return toOpsInvoice(moved)
      })
    },
  }
}
