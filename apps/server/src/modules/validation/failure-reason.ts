import type { ValidationFailureReason } from '../../db/bot-outbox.ts'
import type { AccountChecks } from '../../providers/account-provider.ts'

/** The reason key (`bot.reason.*`) of a failed validation: the first check that failed. */
export function validationReason(checks: AccountChecks): ValidationFailureReason {
  const failed: [ValidationFailureReason, boolean][] = [
    ['singleAuthorization', !checks.checkSingleAuthorization],
    ['twoFa', !checks.check2Fa],
    ['authorization', !checks.checkAuthorization],
    ['connection', !checks.checkConnection],
    ['chats', !checks.checkChats],
    ['freeze', checks.checkFreeze],
    ['sendMessage', !checks.checkSendMessage],
    ['addContact', !checks.checkAddContact],
  ]
  return failed.find(([, bad]) => bad)?.[0] ?? 'failed'
}
