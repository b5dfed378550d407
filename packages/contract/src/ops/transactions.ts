import * as z from 'zod/mini'
import { UidSchema } from '../common.ts'
import {
  ConfirmationStatusSchema,
  ExchangePairSchema,
  TransactionCurrencySchema,
  TransactionStatusSchema,
} from '../invoices.ts'
import { LimitSchema } from './limit.ts'
import { ReasonSchema } from './operators.ts'

/** Invoices, transactions, exchange rates and the ledger, as operators read and move them. */
/**
 * `GET /ops/invoices` and `GET /ops/transactions`: with a status the queue oldest first, without one every row newest
 * first; paged by cursor (`nextPage` of the previous answer).
 */
export const OpsInvoiceListQuerySchema = z.object({
  status: z.optional(ConfirmationStatusSchema),
  cursor: z.optional(z.string().check(z.maxLength(256))),
  limit: LimitSchema,
})
/**
 * A payout's chain check (docs/transactions.md, 'Chain check'): `verified` (the chain shows it, final), `waiting` (found
 * and right, fewer confirmations than needed: re-checked in the background), `expired` (still not final when the
 * time limit passed: an operator looks), `refused` (the last recording was refused, `reason` says why), `unverified`
 * (recorded while no endpoint of its chain was configured), `not_applicable` (toman: a bank transfer, checked by four
 * eyes on the typed reference), `none` (not recorded yet).
 */
export const ChainCheckStateSchema = z.enum([
  'verified',
  'waiting',
  'expired',
  'refused',
  'unverified',
  'not_applicable',
  'none',
])
export type ChainCheckState = z.infer<typeof ChainCheckStateSchema>
export const ChainCheckSchema = z.object({
  state: ChainCheckStateSchema,
  /** Confirmations seen at the last check, and how many make the payout final; null before any check. */
  confirmations: z.nullable(z.int()),
  required: z.nullable(z.int()),
  /** Why it was refused or expired, in words. */
  reason: z.nullable(z.string()),
  checkedAt: z.nullable(z.string()),
  /** The transaction on the chain's explorer (TronScan, BscScan); null without a txid or for toman. */
  explorerUrl: z.nullable(z.string()),
})
export type ChainCheck = z.infer<typeof ChainCheckSchema>

/** A payout's chain check in one line for operators, the same in the console and the CLI. */
export function chainCheckSummary(check: ChainCheck): string {
  const counted = `${check.confirmations ?? 0} of ${check.required ?? '?'} confirmations`
  switch (check.state) {
    case 'verified':
      return `Verified on chain: ${counted}`
    case 'waiting':
      return `Waiting for confirmations: ${counted}`
    case 'expired':
      return `Not final in time: ${counted}; an operator decides`
    case 'refused':
      return `Refused: ${check.reason ?? 'the chain does not show this transaction'}`
    case 'unverified':
      return 'Not verified: no chain endpoint was set when it was recorded'
    case 'not_applicable':
      return 'Bank transfer: no chain to check (the typed reference and four eyes)'
    case 'none':
      return 'Not recorded yet'
  }
}

export const OpsTransactionListQuerySchema = z.object({
  status: z.optional(TransactionStatusSchema),
  currency: z.optional(TransactionCurrencySchema),
  /** Only payouts whose chain check is in this state (the queue of payouts waiting or past the time limit). */
  chainCheck: z.optional(ChainCheckStateSchema),
  cursor: z.optional(z.string().check(z.maxLength(256))),
  limit: LimitSchema,
})
export const OpsInvoiceSchema = z.object({
  uid: z.string(),
  amount: z.string(),
  confirmationStatus: z.string(),
  paymentStatus: z.string(),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
})
/**
 * A row of the operators' invoice list: the invoice, whose it is, how many accounts it pays and the part of its
 * amount that is referral earnings (the rest is the accounts' net).
 */
export const OpsInvoiceRowSchema = z.extend(OpsInvoiceSchema, {
  /** Null for a user who joined by email and never signed in through Telegram. */
  telegramId: z.nullable(z.int()),
  firstName: z.string(),
  accountCount: z.int(),
  referralEarnings: z.string(),
})
export type OpsInvoiceRow = z.infer<typeof OpsInvoiceRowSchema>
export const OpsInvoicePageSchema = z.object({
  items: z.array(OpsInvoiceRowSchema),
  nextPage: z.nullable(z.string()),
})
export const InvoiceMoveSchema = z.enum(['confirm', 'reject', 'validate'], {
  error: 'one of confirm, reject, validate',
})
export type InvoiceMove = z.infer<typeof InvoiceMoveSchema>
export const InvoiceMoveParamsSchema = z.object({ uid: UidSchema, move: InvoiceMoveSchema })
/**
 * Four eyes of a payout, now (docs/console.md, 'Four eyes'): whether sending it (broadcast, or recording it paid) needs
 * another named operator's approval, the amount in force, and the approvals given, oldest first. An approval `counts`
 * when it would let another operator send the payout now (its operator enabled, with a role that moves payouts, and
 * past their signing time when they gave it); one that does not is given again.
 */
export const TransactionFourEyesSchema = z.object({
  required: z.boolean(),
  /** USDT; '0' when the rule is off. */
  approvalAbove: z.string(),
  approvals: z.array(z.object({ login: z.string(), approvedAt: z.string(), counts: z.boolean() })),
})
export type TransactionFourEyes = z.infer<typeof TransactionFourEyesSchema>
export const OpsTransactionSchema = z.object({
  uid: z.string(),
  invoiceUid: z.string(),
  /** Null for a user who joined by email and never signed in through Telegram. */
  telegramId: z.nullable(z.number()),
  /** The user's first name, as the invoice list gives it. */
  firstName: z.string(),
  currency: z.string(),
  status: z.string(),
  amount: z.string(),
  userFee: z.string(),
  rate: z.string(),
  net: z.string(),
  /**
   * What leaves, in USDT: `net` at the lowest rate of its pair over the day before the request, never below `amount`
   * (docs/transactions.md, 'Exchange rates'). Four eyes judges this.
   */
  valueUsdt: z.string(),
  receiverAddress: z.string(),
  bankCard: z.nullable(
    z.object({ name: z.nullable(z.string()), family: z.nullable(z.string()), number: z.string() }),
  ),
  txid: z.nullable(z.string()),
  senderAddress: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  fourEyes: TransactionFourEyesSchema,
  chainCheck: ChainCheckSchema,
})
export type OpsTransaction = z.infer<typeof OpsTransactionSchema>
export const OpsTransactionPageSchema = z.object({
  items: z.array(OpsTransactionSchema),
  nextPage: z.nullable(z.string()),
})
export const TransactionMoveSchema = z.enum(['broadcast', 'succeed', 'fail', 'review'], {
  error: 'one of broadcast, succeed, fail, review',
})
export type TransactionMove = z.infer<typeof TransactionMoveSchema>
export const TransactionMoveParamsSchema = z.object({ uid: UidSchema, move: TransactionMoveSchema })
export const TransactionUidParamsSchema = z.object({ uid: UidSchema })
/** `succeed` needs the txid (or bank reference); the sender address is optional. */
export const TransactionMoveBodySchema = z.strictObject({
  txid: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(128))),
  senderAddress: z.optional(z.string().check(z.trim(), z.maxLength(128))),
  /** Why a payout failed or is under review: required from named operators, kept in the audit log. */
  reason: z.optional(ReasonSchema),
})
export const RateParamsSchema = z.object({ pair: ExchangePairSchema })
/** A rate to set, or (`POST /ops/rates/{pair}/approve`) the very price of the waiting change approved. */
export const PutRateBodySchema = z.strictObject({
  price: z.union([z.string().check(z.maxLength(32)), z.number()]),
})
/**
 * A rate change beyond the step waiting for a second admin's approval (docs/transactions.md, 'Exchange rates'): the price
 * proposed, the rate in force it was proposed against, the change in percent ('+25.00%'), who proposed it and when,
 * and when it lapses unapproved (`expiresAt`, a day later).
 */
export const PendingRateSchema = z.object({
  pair: z.string(),
  price: z.string(),
  basePrice: z.string(),
  change: z.string(),
  proposedBy: z.string(),
  proposedAt: z.string(),
  expiresAt: z.string(),
})
export type PendingRate = z.infer<typeof PendingRateSchema>
export const PendingRatesSchema = z.array(PendingRateSchema)
/** A rate in force; after a change beyond the step, with the change that now waits (`pending`). */
export const RateSchema = z.object({
  pair: z.string(),
  price: z.string(),
  setAt: z.string(),
  pending: z.optional(PendingRateSchema),
})
export const RatesSchema = z.array(RateSchema)
export const LedgerSchema = z.object({
  totals: z.object({
    acceptedNet: z.string(),
    /** Referral earnings on the books; available + on unpaid invoices + paid = acceptedNet + referralEarned. */
    referralEarned: z.string(),
    available: z.string(),
    onUnpaidInvoices: z.string(),
    paid: z.string(),
    paidOut: z.string(),
  }),
  problems: z.array(z.string()),
})
