import { ACCOUNT_CHECK_FAILURES, type AccountCheckFailure } from '@app/contract'
import type { AccountChecks } from '#providers/account-provider.ts'
import type { ValidationFailureReason } from '../bot-outbox/messages.ts'

/** Whether each check failed, by the name its failure goes by. */
const FAILED: Record<AccountCheckFailure, (checks: AccountChecks) => boolean> = {
  singleAuthorization: (checks) => !checks.checkSingleAuthorization,
  twoFa: (checks) => !checks.check2Fa,
  authorization: (checks) => !checks.checkAuthorization,
  connection: (checks) => !checks.checkConnection,
  chats: (checks) => !checks.checkChats,
  freeze: (checks) => checks.checkFreeze,
  sendMessage: (checks) => !checks.checkSendMessage,
  addContact: (checks) => !checks.checkAddContact,
}

/** The reason key (`bot.reason.*`) of a failed validation: the first check that failed, in the contract's order. */
export function validationReason(checks: AccountChecks): ValidationFailureReason {
  return ACCOUNT_CHECK_FAILURES.find((reason) => FAILED[reason](checks)) ?? 'failed'
}
