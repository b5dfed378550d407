/**
 * Payment requests (docs/transactions.md): the user chooses how a confirmed invoice is paid, which creates its
 * transaction. The invoice row is locked first, so a request and an operator's move, or two requests, never
 * interleave.
 */
import type { BankCardCreate, Transaction } from '@app/contract'
import type { Db } from '#db/client.ts'
import { DomainError, notFound } from '#lib/domain-error.ts'
import { formatUsdt, formatUsdt2 } from '#lib/money.ts'
import { saveBankCard } from '../bank-cards/repository.ts'
import { queueOpsMessage, transactionThenWake } from '../bot-outbox/queue.ts'
import { findCurrentRate } from '../rates/repository.ts'
import { rateUnavailable, withinBounds } from '../rates/service.ts'
import { auditSharedDestinations, type Destination } from '../referrals/shared-destinations.ts'
import { readSettingsAt } from '../settings/repository.ts'
import { MICRO, RATE_PAIR, transactionNet, USDT_FEE_MINOR, valueInUsdt } from './amounts.ts'
import type { TransactionsContext } from './context.ts'
import { type InvoiceOfPayment, lockInvoice, setInvoicePaymentStatus } from './invoice-payments.ts'
import { findOpenTransaction, findTransaction, insertTransaction } from './repository.ts'
import { invoiceAwaitsPayment, PAYMENT_STATUS_ON_REQUEST } from './status-rules.ts'
import { toTransaction } from './views.ts'

export type PaymentRequest =
  | { currency: 'trx' | 'usdt'; receiverAddress: string }
  | { currency: 'irt'; bankCard: BankCardCreate }

type Settings = Awaited<ReturnType<typeof readSettingsAt>>

/** What the request is paid to, as the self-referral check compares it. */
const destinationsOf = (request: PaymentRequest): Destination[] =>
  request.currency === 'irt'
    ? [
        { kind: 'card', value: request.bankCard.number },
        { kind: 'sheba', value: request.bankCard.iban },
      ]
    : [{ kind: 'wallet', value: request.receiverAddress }]

const receiverOf = (request: PaymentRequest) =>
  request.currency === 'irt' ? request.bankCard.iban : request.receiverAddress

const unavailable = (message: string) => new DomainError(409, 'PAYMENT_REQUEST_UNAVAILABLE', message)

/** The rate the request is paid at: 1 for USDT, else the pair's rate in force, refused outside its bounds. */
async function rateOf(tx: Db, request: PaymentRequest, settings: Settings): Promise<bigint> {
  if (request.currency === 'usdt') return MICRO
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
  return current
}

/** Refuses a request the settings or the invoice do not allow now. */
function requireRequestable(invoice: InvoiceOfPayment, request: PaymentRequest, settings: Settings) {
  if (!settings.payment_open || (request.currency === 'irt' && !settings.toman_payment_open)) {
    throw new DomainError(409, 'PAYMENT_CLOSED', 'Payment requests are closed for now')
  }
  if (!invoiceAwaitsPayment(invoice)) {
    throw unavailable(
      `The invoice does not allow a payment request (confirmation ${invoice.confirmationStatus}, payment ${invoice.paymentStatus})`,
    )
  }
}

/** Records the new transaction of a locked invoice the request may pay, and what follows it; answers its uid. */
async function createTransaction(
  ctx: TransactionsContext,
  tx: Db,
  userId: number,
  invoice: InvoiceOfPayment,
  request: PaymentRequest,
  requestedAt: Date,
): Promise<string> {
  const settings = await readSettingsAt(tx, requestedAt)
  requireRequestable(invoice, request, settings)
  const fee = request.currency === 'usdt' ? USDT_FEE_MINOR : 0n
  if (invoice.amount <= fee) throw unavailable('The invoice amount does not cover the payout fee')
  const rate = await rateOf(tx, request, settings)
  const net = transactionNet(request.currency, invoice.amount, fee, rate)
  const valueUsdt = await valueInUsdt(ctx, tx, request.currency, invoice.amount, net, requestedAt)
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
  await auditSharedDestinations(tx, userId, uid, destinationsOf(request))
  await queueOpsMessage(tx, ctx.config?.bot.opsChatId, {
    kind: 'ops_payout_requested',
    params: { amount: formatUsdt2(invoice.amount), currency: 'USDT', invoiceUid: invoice.uid },
    now: requestedAt,
  })
  if (invoice.paymentStatus !== PAYMENT_STATUS_ON_REQUEST) {
    await setInvoicePaymentStatus(tx, invoice.id, PAYMENT_STATUS_ON_REQUEST, null)
  }
  return uid
}

/**
 * Creates the invoice's transaction (201), or answers the open one when this is the same request again (200: a retry
 * after a lost answer, a double tap). The partial unique index on open transactions is the last line: even a bug here
 * could not open two.
 */
export async function requestPayment(
  ctx: TransactionsContext,
  userId: number,
  invoiceUid: string,
  request: PaymentRequest,
): Promise<{ transaction: Transaction; created: boolean }> {
  const requestedAt = ctx.now()
  const result = await transactionThenWake(ctx.db, ctx.messageQueued, async (tx) => {
    const invoice = await lockInvoice(tx, invoiceUid, userId)
    if (!invoice) throw notFound('Invoice not found')
    const open = await findOpenTransaction(tx, invoice.id)
    if (open) {
      if (open.currency === request.currency && open.receiverAddress === receiverOf(request)) {
        return { uid: open.uid, created: false }
      }
      throw unavailable('A payment request of this invoice is already open')
    }
    return { uid: await createTransaction(ctx, tx, userId, invoice, request, requestedAt), created: true }
  })
  const row = await findTransaction(ctx.db, result.uid)
  if (!row) throw new Error('transaction vanished after its request')
  return { transaction: toTransaction(row), created: result.created }
}

/** The user's own transaction. */
export async function getTransaction(
  ctx: TransactionsContext,
  userId: number,
  uid: string,
): Promise<Transaction> {
  const row = await findTransaction(ctx.db, uid, userId)
  // Another user's transaction is indistinguishable from a missing one.
  if (!row) throw notFound('Transaction not found')
  return toTransaction(row)
}
