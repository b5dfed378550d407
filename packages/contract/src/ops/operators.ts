import * as z from 'zod/mini'
import { ACCOUNT_CHECK_FAILURES } from '../accounts.ts'
import { InstantQuerySchema } from './dates.ts'
import { LimitSchema } from './limit.ts'

/**
 * Named operators, their console sessions and personal API tokens, and the audit log (docs/console.md).
 * `viewer` reads, `operator` also moves invoices, payouts, accounts and news, `admin` does everything.
 */
export const OPERATOR_ROLES = ['viewer', 'operator', 'admin'] as const
export const OperatorRoleSchema = z.enum(OPERATOR_ROLES, { error: 'one of viewer, operator, admin' })
export type OperatorRole = z.infer<typeof OperatorRoleSchema>

/** A login name: lower-case letters, digits, dot, dash and underscore, 3 to 32 characters. */
export const OperatorLoginSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.regex(/^[a-z0-9._-]{3,32}$/, { error: 'login: 3 to 32 of a-z, 0-9, dot, dash, underscore' }),
  )
export const OperatorPasswordSchema = z
  .string()
  .check(z.minLength(12, { error: 'password: at least 12 characters' }), z.maxLength(256))
export const TotpCodeSchema = z.string().check(z.trim(), z.regex(/^\d{6}$/, { error: 'code: 6 digits' }))

/** `POST /ops/session`: the console's login, password and second factor in one call. */
export const LoginBodySchema = z.strictObject({
  login: OperatorLoginSchema,
  password: z.string().check(z.minLength(1), z.maxLength(256)),
  code: TotpCodeSchema,
})
export type LoginBody = z.infer<typeof LoginBodySchema>

/** Who is calling: a named operator, or the bootstrap `OPS_TOKEN` (login `bootstrap`, an admin). */
export const OperatorMeSchema = z.object({
  login: z.string(),
  role: OperatorRoleSchema,
  /** The CSRF token to echo in `x-csrf-token` on every state-changing call; null outside a console session. */
  csrfToken: z.nullable(z.string()),
  /** When the console session ends at the latest, epoch seconds; null outside a session. */
  expiresAt: z.nullable(z.int()),
})
export type OperatorMe = z.infer<typeof OperatorMeSchema>

export const OperatorSchema = z.object({
  login: z.string(),
  role: OperatorRoleSchema,
  disabled: z.boolean(),
  hasApiToken: z.boolean(),
  /** ISO 8601: when the personal API token stops working (OPS_API_TOKEN_TTL_DAYS after it was issued); null: none. */
  apiTokenExpiresAt: z.nullable(z.string()),
  /** ISO 8601, to the minute: the token's last use; null: never used (or none). */
  apiTokenLastUsedAt: z.nullable(z.string()),
  /**
   * ISO 8601: from when the operator's approvals and sends of payouts above the approval amount count (four eyes:
   * a delay after joining, a new role or new credentials from an admin); null: they may not sign.
   */
  signsPayoutsFrom: z.nullable(z.string()),
  lockedUntil: z.nullable(z.string()),
  createdAt: z.string(),
})
export type Operator = z.infer<typeof OperatorSchema>
export const OperatorsSchema = z.array(OperatorSchema)

export const CreateOperatorBodySchema = z.strictObject({
  login: OperatorLoginSchema,
  role: OperatorRoleSchema,
})
export type CreateOperator = z.infer<typeof CreateOperatorBodySchema>

/**
 * What creating an operator (or resetting one's credentials) answers once and never again: the initial password
 * and the TOTP enrolment (`otpauth://` URI, shown as a QR code, and its base32 secret for typing in).
 */
export const OperatorEnrolmentSchema = z.object({
  operator: OperatorSchema,
  password: z.string(),
  totpUri: z.string(),
  totpSecret: z.string(),
})
export type OperatorEnrolment = z.infer<typeof OperatorEnrolmentSchema>

export const OperatorLoginParamsSchema = z.object({ login: OperatorLoginSchema })
export const ChangeOperatorBodySchema = z.strictObject({
  role: z.optional(OperatorRoleSchema),
  disabled: z.optional(z.boolean()),
})
/** `POST /ops/operators/:login/token`: a personal API token for the CLI, shown once. */
export const OperatorApiTokenSchema = z.object({ login: z.string(), token: z.string() })
export const ChangePasswordBodySchema = z.strictObject({
  current: z.string().check(z.minLength(1), z.maxLength(256)),
  password: OperatorPasswordSchema,
})
/** How many console sessions a logout ended. */
export const LoggedOutSchema = z.object({ sessions: z.int() })

/** The audit log: one row per operator change, never changed afterwards. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.nullable(z.string()),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>
export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  nextPage: z.nullable(z.string()),
})
export const AuditQuerySchema = z.object({
  actor: z.optional(z.string().check(z.maxLength(64))),
  objectType: z.optional(z.string().check(z.maxLength(64))),
  objectId: z.optional(z.string().check(z.maxLength(128))),
  action: z.optional(z.string().check(z.maxLength(64))),
  /** ISO 8601 or epoch seconds; `from` inclusive, `to` exclusive. */
  from: z.optional(InstantQuerySchema),
  to: z.optional(InstantQuerySchema),
  cursor: z.optional(z.string().check(z.maxLength(256))),
  limit: LimitSchema,
})

/** A reason operators give for a rejection, an override, a failed or reviewed payout: recorded in the audit log. */
export const ReasonSchema = z.string().check(z.trim(), z.minLength(3), z.maxLength(500))
export const ReasonBodySchema = z.strictObject({ reason: ReasonSchema })

/** `GET /ops/overview`: the queues and the money, amounts as exact USDT strings. */
export const OverviewSchema = z.object({
  invoicesAwaitingConfirmation: z.int(),
  accountsAwaitingValidation: z.int(),
  payoutsPending: z.int(),
  payoutsBroadcasting: z.int(),
  payoutsInReview: z.int(),
  /** Broadcasting payouts whose chain check waits for confirmations, and those still short past the time limit. */
  payoutsAwaitingConfirmations: z.int(),
  payoutsConfirmationsExpired: z.int(),
  /** What users are owed: their available balances and their unpaid invoices. */
  owed: z.string(),
  paidToday: z.string(),
  paidTotal: z.string(),
  /**
   * The last ledger check's (one process runs it every LEDGER_CHECK_INTERVAL_MS; null before the first): when, and
   * how many problems it found. Run live by `GET /ops/ledger`.
   */
  ledgerCheck: z.nullable(z.object({ at: z.string(), problems: z.int() })),
  /** The first of those problems (up to 100), as the ledger report words them. */
  ledgerProblems: z.array(z.string()),
  /**
   * When the oldest item still waiting in each queue came in (ISO 8601; null: the queue is empty): how long it has
   * waited is `at` minus this.
   */
  /**
   * Whether recording a TRX or a USDT BEP20 payout reads its chain first (docs/transactions.md, 'Chain check'): false
   * without the chain's endpoint (TRON_API_ROOT, BSC_RPC_URL) or with CHAIN_VERIFICATION=off, when such a payout is
   * recorded unverified.
   */
  chainCheck: z.object({ trx: z.boolean(), usdt: z.boolean() }),
  oldestSince: z.object({
    accountsAwaitingValidation: z.nullable(z.string()),
    invoicesAwaitingConfirmation: z.nullable(z.string()),
    payoutsPending: z.nullable(z.string()),
    payoutsBroadcasting: z.nullable(z.string()),
    payoutsInReview: z.nullable(z.string()),
    botOutbox: z.nullable(z.string()),
    emailOutbox: z.nullable(z.string()),
  }),
  at: z.string(),
})
export type Overview = z.infer<typeof OverviewSchema>

/** Why a validation rejected an account: the first check that failed (`other`: none did, an operator's rejection). */
export const REJECTION_REASONS = [...ACCOUNT_CHECK_FAILURES, 'other'] as const

/**
 * `GET /ops/overview/trends`: the last 30 UTC days, oldest first, each series one value per day of `days`. Amounts
 * are exact decimal strings: USDT, and each payout currency's own in `paid`.
 */
export const TrendsSchema = z.object({
  days: z.array(z.string()),
  submitted: z.array(z.int()),
  accepted: z.array(z.int()),
  rejected: z.array(z.object({ reason: z.enum(REJECTION_REASONS), counts: z.array(z.int()) })),
  /** Payouts that succeeded, per currency paid: how many, their amount in USDT, and what was paid in the currency. */
  payouts: z.array(
    z.object({
      currency: z.enum(['trx', 'usdt', 'irt']),
      count: z.array(z.int()),
      amount: z.array(z.string()),
      paid: z.array(z.string()),
    }),
  ),
  /** What users were owed at each day's end (USDT); the last day's is now. */
  owed: z.array(z.string()),
  at: z.string(),
})
export type Trends = z.infer<typeof TrendsSchema>

/** Four eyes: whether a transaction needs a second operator's approval, and who gave one. */
export const TransactionApprovalSchema = z.object({
  uid: z.string(),
  required: z.boolean(),
  approvedBy: z.array(z.string()),
  status: z.string(),
})
export const OptionalReasonBodySchema = z.nullish(z.strictObject({ reason: z.optional(ReasonSchema) }))
/** The body of a call that takes none (a client may still send `{}`). */
export const NoBodySchema = z.nullish(z.strictObject({}))
