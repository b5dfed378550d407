/** Request and response schemas of the operator API (shared by the API and the CLI). */
import {
  AccountStatusSchema,
  ConfirmationStatusSchema,
  ExchangePairSchema,
  ReferralCodeSchema,
  TransactionStatusSchema,
  UidSchema,
} from '@app/contract'
import { z } from 'zod'
import { SETTING_KEYS } from '../modules/settings/settings-definitions.ts'

export const CreateInviteBodySchema = z.object({ code: ReferralCodeSchema.optional() }).strict()
export const InviteSchema = z.object({ code: z.string() })

const SettingValueSchema = z.union([z.boolean(), z.string(), z.null()])
export const SettingsSchema = z.record(z.string(), SettingValueSchema)
export const SettingParamsSchema = z.object({
  key: z.enum(SETTING_KEYS as [string, ...string[]], {
    error: `unknown setting; one of ${SETTING_KEYS.join(', ')}`,
  }),
})
export const PutSettingBodySchema = z.object({
  value: z.union([z.boolean(), z.string().max(64), z.number(), z.null()]),
})
export const SettingSchema = z.object({ key: z.string(), value: SettingValueSchema })

const CountrySchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { error: 'country must be a 2-letter ISO code, e.g. IR' })
const PriceSchema = z.string().max(32)
const CapacitySchema = z.number().int().min(0).max(100_000_000)

export const OrderSchema = z.object({
  country: z.string(),
  price: z.string(),
  capacity: z.number().int(),
  isOpen: z.boolean(),
})
export const OrdersSchema = z.array(OrderSchema)
export const CreateOrderBodySchema = z
  .object({
    country: CountrySchema,
    price: PriceSchema,
    capacity: CapacitySchema,
    isOpen: z.boolean().optional(),
  })
  .strict()
export const OrderParamsSchema = z.object({ country: CountrySchema })
export const ChangeOrderBodySchema = z
  .object({
    price: PriceSchema.optional(),
    capacity: CapacitySchema.optional(),
    isOpen: z.boolean().optional(),
  })
  .strict()

export const OpsAccountSchema = z.object({
  uid: z.string(),
  phone: z.string(),
  country: z.string(),
  status: z.string(),
  validationStatus: z.string(),
  limitStatus: z.string(),
  price: z.string(),
  net: z.string(),
  submitType: z.string(),
  validationAt: z.string().nullable(),
  createdAt: z.string(),
})
export const OpsAccountsSchema = z.array(OpsAccountSchema)
export const AccountUidParamsSchema = z.object({ uid: UidSchema })
export const SetAccountStatusBodySchema = z.object({ status: AccountStatusSchema }).strict()
export const TelegramIdParamsSchema = z.object({ telegramId: z.coerce.number().int().positive() })

// --- Invoices, payouts, rates, ledger ---
const LimitSchema = z.coerce.number().int().min(1).max(1000).default(100)
export const LimitQuerySchema = z.object({ limit: LimitSchema })
export const AccountsQuerySchema = LimitQuerySchema
export const InvoiceListQuerySchema = z.object({
  status: ConfirmationStatusSchema.optional(),
  limit: LimitSchema,
})
export const TransactionListQuerySchema = z.object({
  status: TransactionStatusSchema.optional(),
  limit: LimitSchema,
})
export const OpsInvoiceSchema = z.object({
  uid: z.string(),
  amount: z.string(),
  confirmationStatus: z.string(),
  paymentStatus: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
})
export const OpsInvoicesSchema = z.array(OpsInvoiceSchema)
export const InvoiceMoveParamsSchema = z.object({
  uid: UidSchema,
  move: z.enum(['confirm', 'reject', 'validate'], { error: 'one of confirm, reject, validate' }),
})
export const OpsTransactionSchema = z.object({
  uid: z.string(),
  invoiceUid: z.string(),
  telegramId: z.number(),
  currency: z.string(),
  status: z.string(),
  amount: z.string(),
  userFee: z.string(),
  rate: z.string(),
  net: z.string(),
  receiverAddress: z.string(),
  bankCard: z
    .object({ name: z.string().nullable(), family: z.string().nullable(), number: z.string() })
    .nullable(),
  txid: z.string().nullable(),
  senderAddress: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
})
export const OpsTransactionsSchema = z.array(OpsTransactionSchema)
export const TransactionMoveParamsSchema = z.object({
  uid: UidSchema,
  move: z.enum(['broadcast', 'succeed', 'fail', 'review'], {
    error: 'one of broadcast, succeed, fail, review',
  }),
})
export const TransactionMoveBodySchema = z
  .object({
    txid: z.string().trim().min(1).max(128).optional(),
    senderAddress: z.string().trim().max(128).optional(),
  })
  .strict()
export const RateParamsSchema = z.object({ pair: ExchangePairSchema })
export const PutRateBodySchema = z.object({ price: z.union([z.string().max(32), z.number()]) }).strict()
export const RateSchema = z.object({ pair: z.string(), price: z.string(), setAt: z.string() })
export const RatesSchema = z.array(RateSchema)
export const LedgerSchema = z.object({
  totals: z.object({
    acceptedNet: z.string(),
    available: z.string(),
    onUnpaidInvoices: z.string(),
    paid: z.string(),
    paidOut: z.string(),
  }),
  problems: z.array(z.string()),
})
