import * as z from 'zod/mini'
import { AccountSchema, jsonParam } from './accounts.ts'
import {
  CursorSchema,
  EpochSecondsSchema,
  PageQuerySchema,
  PageSizeSchema,
  pageOf,
  SortDirectionSchema,
  UidSchema,
  UsdtAmountSchema,
} from './common.ts'
import { V } from './messages.ts'
import { BscAddressSchema, CardNumberSchema, IbanSchema, TronAddressSchema } from './wallet-addresses.ts'

export const ConfirmationStatusSchema = z.enum(['pending', 'confirmed', 'rejected', 'validating'])
export const PaymentStatusSchema = z.enum(['pending', 'success', 'review', 'failed'])
export const TransactionStatusSchema = z.enum(['pending', 'broadcasting', 'success', 'review', 'failed'])
export const TransactionCurrencySchema = z.enum(['trx', 'usdt', 'irt'])

export const TransactionSchema = z.object({
  uid: UidSchema,
  /** The invoice the transaction pays. */
  invoiceUid: UidSchema,
  currency: TransactionCurrencySchema,
  /** Amount paid out, in the payout currency: trx and usdt with 2 decimals, toman (irt) whole. */
  net: z.number().check(z.nonnegative()),
  /** Payout-currency units per 1 USDT (1 for usdt), as set by operators when the request was made. */
  rate: z.number().check(z.positive()),
  status: TransactionStatusSchema,
  userFee: UsdtAmountSchema,
  createdAt: EpochSecondsSchema,
  updatedAt: EpochSecondsSchema,
  paidAt: z.nullable(EpochSecondsSchema),
  txid: z.nullable(z.string()),
  senderAddress: z.nullable(z.string()),
  receiverAddress: z.string(),
  /** Telegram id of the user's referrer (null for users admitted by an operator invite). */
  referrerTelegramId: z.nullable(z.int()),
})
export type Transaction = z.infer<typeof TransactionSchema>

const InvoiceShape = {
  uid: UidSchema,
  amount: UsdtAmountSchema,
  currency: z.literal('usdt'),
  confirmationStatus: ConfirmationStatusSchema,
  paymentStatus: PaymentStatusSchema,
  isPaymentRequestAvailable: z.boolean(),
  createdAt: EpochSecondsSchema,
}
export const InvoiceSchema = z.object(InvoiceShape)
export type Invoice = z.infer<typeof InvoiceSchema>
export const InvoiceDetailSchema = z.object({
  ...InvoiceShape,
  /**
   * `amount` in full, as kept (up to 6 decimals, '1.0685'): what a payout is computed from, so that the payout forms
   * show exactly what will arrive (`amount` is rounded to the cent).
   */
  amountExact: z.string().check(z.regex(/^\d{1,12}(\.\d{1,6})?$/)),
  /** The part of `amount` that is the user's referral earnings (0 when none), USDT. */
  referralEarnings: UsdtAmountSchema,
  transactions: z.array(TransactionSchema),
})
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>

export const InvoicePageSchema = pageOf(InvoiceSchema)
export const InvoiceListQuerySchema = PageQuerySchema
/** The accounts an invoice pays, newest first; `total` is how many it holds. */
export const InvoiceAccountPageSchema = pageOf(AccountSchema)
export const InvoiceParamsSchema = z.object({ invoiceId: UidSchema })
export const RequestInvoiceResponseSchema = z.object({
  uid: InvoiceShape.uid,
  confirmationStatus: InvoiceShape.confirmationStatus,
})

export const RequestPaymentBodySchema = z.object({
  receiverAddress: TronAddressSchema,
  currency: z.literal('trx'),
})
export const RequestPaymentCryptoBodySchema = z.object({
  receiverAddress: BscAddressSchema,
  network: z.literal('BSC'),
  token: z.literal('USDT'),
})

/** The card holder's name or family name, as typed: one left empty says so (issue 38), not 'card number invalid'. */
const bankCardNameSchema = (required: typeof V.nameRequired | typeof V.familyRequired) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, { error: required }), z.maxLength(64))

const BankCardCreateShape = {
  name: bankCardNameSchema(V.nameRequired),
  family: bankCardNameSchema(V.familyRequired),
  number: CardNumberSchema,
  iban: IbanSchema,
}
export const BankCardCreateSchema = z.object(BankCardCreateShape)
export type BankCardCreate = z.infer<typeof BankCardCreateSchema>
export const RequestPaymentIrtBodySchema = z.object({
  bankCardCreate: BankCardCreateSchema,
  currency: z.literal('irt'),
})

export const BankCardSchema = z.object({
  ...BankCardCreateShape,
  uid: UidSchema,
  created_at: EpochSecondsSchema,
})
export type BankCard = z.infer<typeof BankCardSchema>
export const BankCardPageSchema = pageOf(BankCardSchema)
export const BankCardSortSchema = z.strictObject({
  model: z.literal('BankCard'),
  field: z.literal('created_at'),
  direction: SortDirectionSchema,
})
export const BankCardListQuerySchema = z.object({
  cursor: z.optional(CursorSchema),
  size: PageSizeSchema,
  sorts: z.optional(jsonParam(z.array(BankCardSortSchema).check(z.maxLength(1)))),
})

/** USDTIRT: toman per USDT; USDTTRX: TRX per USDT. Both set by operators (`ops rate set`). */
export const ExchangePairSchema = z.enum(['USDTIRT', 'USDTTRX'])
export type ExchangePair = z.infer<typeof ExchangePairSchema>
export const ExchangeParamsSchema = z.object({ pair: ExchangePairSchema })
export const ExchangePriceSchema = z.object({ price: z.number().check(z.positive()) })
export const TransactionParamsSchema = z.object({ uid: UidSchema })

/** USDT fee per USDT BEP20 payout (spec section 9); TRX and toman payouts carry none. */
export const USDT_BEP20_FEE = 0.3

/**
 * `details` of the invoice-creation errors (400), what the mini-app's dialogs show (spec section 8).
 * Seconds and USDT amounts.
 */
export const ActionWaitDetailsSchema = z.object({
  /** The minimum time between two invoice requests (invoice creation only; other waits have no fixed delay). */
  delay: z.optional(z.int().check(z.nonnegative())),
  /** How long until the next request is allowed. */
  wait: z.int().check(z.nonnegative()),
})
export const BalanceLowDetailsSchema = z.object({ balance: UsdtAmountSchema, minimum: UsdtAmountSchema })
export const BalanceHighDetailsSchema = z.object({ balance: UsdtAmountSchema, maximum: UsdtAmountSchema })
