import { z } from 'zod'
import { AccountSchema, jsonParam } from './accounts.ts'
import {
  EpochSecondsSchema,
  PageQuerySchema,
  pageOf,
  SortDirectionSchema,
  UidSchema,
  UsdtAmountSchema,
} from './common.ts'
import { V } from './messages.ts'
import { BscAddressSchema, CardNumberSchema, IbanSchema, TronAddressSchema } from './payout-addresses.ts'

export const ConfirmationStatusSchema = z.enum(['pending', 'confirmed', 'rejected', 'validating'])
export const PaymentStatusSchema = z.enum(['pending', 'success', 'review', 'failed'])
export const TransactionStatusSchema = z.enum(['pending', 'broadcasting', 'success', 'review', 'failed'])
export const PayoutCurrencySchema = z.enum(['trx', 'usdt', 'irt'])

export const TransactionSchema = z.object({
  uid: UidSchema,
  /** The invoice the transaction pays. */
  invoiceUid: UidSchema,
  currency: PayoutCurrencySchema,
  /** Amount paid out, in the payout currency: trx and usdt with 2 decimals, toman (irt) whole. */
  net: z.number().nonnegative(),
  /** Payout-currency units per 1 USDT (1 for usdt), as set by operators when the request was made. */
  rate: z.number().positive(),
  status: TransactionStatusSchema,
  userFee: UsdtAmountSchema,
  createdAt: EpochSecondsSchema,
  updatedAt: EpochSecondsSchema,
  paidAt: EpochSecondsSchema.nullable(),
  txid: z.string().nullable(),
  senderAddress: z.string().nullable(),
  receiverAddress: z.string(),
  /** Telegram id of the user's referrer (null for users admitted by an operator invite). */
  referrerTelegramId: z.number().int().nullable(),
})
export type Transaction = z.infer<typeof TransactionSchema>

export const InvoiceSchema = z.object({
  uid: UidSchema,
  amount: UsdtAmountSchema,
  currency: z.literal('usdt'),
  confirmationStatus: ConfirmationStatusSchema,
  paymentStatus: PaymentStatusSchema,
  isPaymentRequestAvailable: z.boolean(),
  createdAt: EpochSecondsSchema,
})
export type Invoice = z.infer<typeof InvoiceSchema>
export const InvoiceDetailSchema = InvoiceSchema.extend({ transactions: z.array(TransactionSchema) })
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>

export const InvoicePageSchema = pageOf(InvoiceSchema)
export const InvoiceListQuerySchema = PageQuerySchema
/** The accounts an invoice pays, newest first; `total` is how many it holds. */
export const InvoiceAccountPageSchema = pageOf(AccountSchema)
export const InvoiceParamsSchema = z.object({ invoiceId: UidSchema })
export const RequestInvoiceResponseSchema = InvoiceSchema.pick({ uid: true, confirmationStatus: true })

export const RequestPaymentBodySchema = z.object({
  receiverAddress: TronAddressSchema,
  currency: z.literal('trx'),
})
export const RequestPaymentCryptoBodySchema = z.object({
  receiverAddress: BscAddressSchema,
  network: z.literal('BSC'),
  token: z.literal('USDT'),
})

export const BankCardCreateSchema = z.object({
  name: z.string({ error: V.cardInvalid }).trim().min(1, { error: V.cardInvalid }).max(64),
  family: z.string({ error: V.cardInvalid }).trim().min(1, { error: V.cardInvalid }).max(64),
  number: CardNumberSchema,
  iban: IbanSchema,
})
export const RequestPaymentIrtBodySchema = z.object({
  bankCardCreate: BankCardCreateSchema,
  currency: z.literal('irt'),
})
export const RequestPaymentResponseSchema = TransactionSchema

export const BankCardSchema = BankCardCreateSchema.extend({ uid: UidSchema, created_at: EpochSecondsSchema })
export type BankCard = z.infer<typeof BankCardSchema>
export const BankCardPageSchema = pageOf(BankCardSchema)
export const BankCardSortSchema = z
  .object({ model: z.literal('BankCard'), field: z.literal('created_at'), direction: SortDirectionSchema })
  .strict()
export const BankCardListQuerySchema = PageQuerySchema.extend({
  sorts: jsonParam(z.array(BankCardSortSchema).max(1)).optional(),
})

/** USDTIRT: toman per USDT; USDTTRX: TRX per USDT. Both set by operators (`ops rate set`). */
export const ExchangePairSchema = z.enum(['USDTIRT', 'USDTTRX'])
export type ExchangePair = z.infer<typeof ExchangePairSchema>
export const ExchangeParamsSchema = z.object({ pair: ExchangePairSchema })
export const ExchangePriceSchema = z.object({ price: z.number().positive() })
export const TransactionParamsSchema = z.object({ uid: UidSchema })

/** USDT fee per USDT BEP20 payout (spec section 9); TRX and toman payouts carry none. */
export const USDT_BEP20_FEE = 0.3

/**
 * `details` of the invoice-creation errors (400), what the mini-app's dialogs show (spec section 8).
 * Seconds and USDT amounts.
 */
export const ActionWaitDetailsSchema = z.object({
  /** The minimum time between two invoice requests. */
  delay: z.number().int().nonnegative(),
  /** How long until the next request is allowed. */
  wait: z.number().int().nonnegative(),
})
export const BalanceLowDetailsSchema = z.object({ balance: UsdtAmountSchema, minimum: UsdtAmountSchema })
export const BalanceHighDetailsSchema = z.object({ balance: UsdtAmountSchema, maximum: UsdtAmountSchema })
