/**
 * Turning the available balance into an invoice ('Withdraw Money'): one database transaction, serialized per user.
 */

import type { Db } from '#db/client.ts'
import { lockUser } from '#db/locks.ts'
import { DomainError } from '#lib/domain-error.ts'
import { formatUsdt2, usdtToWireNumber } from '#lib/money.ts'
import { queueOpsMessage, transactionThenWake } from '../bot-outbox/queue.ts'
import { attachAvailableEarnings } from '../referrals/earnings-repository.ts'
import { readSettings } from '../settings/repository.ts'
import type { InvoicesContext } from './context.ts'
import {
  attachAvailableAccounts,
  insertInvoice,
  lastInvoiceCreatedAt,
  setInvoiceAmount,
} from './repository.ts'

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

/** Refuses a request made before the delay since the user's last invoice has passed. */
async function requireDelayPassed(tx: Db, userId: number, delay: number, requestedAt: Date) {
  const last = await lastInvoiceCreatedAt(tx, userId)
  if (last === undefined) return
  // The clock was read before this request waited for the lock: a request that came in just after it may have
  // committed an invoice stamped a little later. Such an invoice counts as made right now, not in the future.
  const elapsed = Math.max(0, Math.floor((requestedAt.getTime() - last.getTime()) / 1000))
  if (elapsed < delay) {
    const wait = delay - elapsed
    throw new DomainError(
      400,
      'ACTION_WAIT_REQUIRED_ERROR',
      `Please wait ${wait} seconds before the next invoice`,
      {
        delay,
        wait,
      },
    )
  }
}

/**
 * Creates an invoice of every accepted account not yet on one. The user's row is locked first, so concurrent
 * requests of one user (double taps, retries, several processes) run one after the other: the first attaches the
 * accounts, the next find nothing left (BALANCE_LOW_ERROR) or must wait. Any refusal rolls the whole transaction back.
 */
export async function requestInvoice(ctx: InvoicesContext, userId: number) {
  const requestedAt = ctx.now()
  return transactionThenWake(ctx.db, ctx.messageQueued, async (tx) => {
    await lockUser(tx, userId)
    const settings = await readSettings(tx)
    if (!settings.payment_open) {
      throw new DomainError(400, 'PAYMENT_CLOSED', 'Withdrawals are temporarily closed')
    }
    await requireDelayPassed(tx, userId, settings.invoice_delay_seconds, requestedAt)
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
    await queueOpsMessage(tx, ctx.config?.bot.opsChatId, {
      kind: 'ops_invoice_pending',
      params: { amount: formatUsdt2(amount), invoiceUid: saved.uid, user: `user ${userId}` },
      now: requestedAt,
    })
    return { uid: saved.uid, confirmationStatus: saved.confirmationStatus }
  })
}
