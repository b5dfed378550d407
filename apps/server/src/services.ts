/**
 * Every service, built once from the one context (context.ts). Routes and plugins receive services, never the
 * database: a service owns its database transactions and calls repositories (all SQL) with `db` or `tx`.
 */
import type { AppContext } from './context.ts'
import { createAccountSubmissionService } from './modules/account-submission/service.ts'
import { createAccountService } from './modules/accounts/service.ts'
import { createAuditService } from './modules/audit/service.ts'
import { createAuthService } from './modules/auth/service.ts'
import { createBankCardService } from './modules/bank-cards/service.ts'
import { createBotService } from './modules/bot/service.ts'
import { createDashboardService } from './modules/dashboard/service.ts'
import { createEmailAuthService } from './modules/email-auth/service.ts'
import { createEmailOutboxService } from './modules/email-outbox/service.ts'
import { createExportService } from './modules/exports/service.ts'
import { createHealthService } from './modules/health/service.ts'
import { createHousekeepingService } from './modules/housekeeping/service.ts'
import { createIdempotencyService } from './modules/idempotency/service.ts'
import { createInviteService } from './modules/invites/service.ts'
import { createInvoiceService } from './modules/invoices/service.ts'
import { createLedgerService } from './modules/ledger/service.ts'
import { createMetricsService } from './modules/metrics/service.ts'
import { createNewsService } from './modules/news/service.ts'
import { createOperatorService } from './modules/operators/service.ts'
import { createOrderService } from './modules/orders/service.ts'
import { createExchangeRateService } from './modules/rates/service.ts'
import { createReferralService } from './modules/referrals/service.ts'
import { createSettingsService } from './modules/settings/service.ts'
import { createSupportService } from './modules/support/service.ts'
import { createTransactionService } from './modules/transactions/service.ts'
import { createUserService } from './modules/users/service.ts'
import { createValidationService } from './modules/validation/service.ts'

/**
 * The services an operator's change may use, built on one database (the audit log's transaction: see
 * modules/audit/service.ts).
 */
function auditedServices(context: AppContext) {
  return {
    invoices: createInvoiceService(context),
    transactions: createTransactionService(context),
    accounts: createAccountService(context),
    settings: createSettingsService(context),
    orders: createOrderService(context),
    invites: createInviteService(context),
    exchangeRates: createExchangeRateService(context),
    news: createNewsService(context),
    users: createUserService(context),
    operators: createOperatorService(context),
    support: createSupportService(context),
  }
}
export type AuditedServices = ReturnType<typeof auditedServices>

export function createServices(context: AppContext) {
  const emailOutbox = createEmailOutboxService(context)
  const bot = createBotService({ ...context, log: context.log })
  // Services whose changes queue bot messages wake this process's outbox worker once they commit.
  const waking = { ...context, messageQueued: bot.messageQueued }
  const audit = createAuditService({
    db: context.db,
    servicesOn: (db) => auditedServices({ ...context, db }),
  })
  return {
    bot,
    health: createHealthService(context),
    idempotency: createIdempotencyService(context),
    auth: createAuthService(context),
    emailAuth: createEmailAuthService({ ...context, mailQueued: emailOutbox.mailQueued }),
    emailOutbox,
    operators: createOperatorService(waking),
    audit: {
      ...audit,
      /** An operator's change may queue messages in the audit's transaction: the worker looks once it committed. */
      record: (async (...args: Parameters<typeof audit.record>) => {
        const result = await audit.record(...args)
        bot.messageQueued()
        return result
      }) as typeof audit.record,
    },
    dashboard: createDashboardService(context),
    accounts: createAccountService(waking),
    accountSubmission: createAccountSubmissionService(context),
    validation: createValidationService(waking),
    invoices: createInvoiceService(waking),
    transactions: createTransactionService(waking),
    bankCards: createBankCardService(context),
    exchangeRates: createExchangeRateService(context),
    settings: createSettingsService(waking),
    orders: createOrderService(context),
    invites: createInviteService(context),
    ledger: createLedgerService(context),
    exports: createExportService(context),
    referrals: createReferralService(context),
    news: createNewsService(context),
    users: createUserService(context),
    housekeeping: createHousekeepingService(context),
    metrics: createMetricsService(context),
    support: createSupportService(waking),
  }
}

export type Services = ReturnType<typeof createServices>

/** A route or plugin's options: the services it uses, and nothing else. */
export type WithServices<K extends keyof Services> = { services: Pick<Services, K> }
