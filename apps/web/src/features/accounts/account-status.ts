import type { Account, LimitStatus } from '@app/contract'

/** Failed checks in the order the list label looks for them, with their label keys (spec section 4). */
const FAILED_CHECKS: ReadonlyArray<readonly [(account: Account) => boolean, string]> = [
  [(a) => !a.checkSingleAuthorization, 'accounts.check.singleAuthorization'],
  [(a) => !a.check2Fa, 'accounts.check.twoFa'],
  [(a) => !a.checkAuthorization, 'accounts.check.authorization'],
  [(a) => !a.checkConnection, 'accounts.check.connection'],
  [(a) => !a.checkChats, 'accounts.check.chats'],
  [(a) => a.checkFreeze, 'accounts.check.freeze'],
  [(a) => !a.checkSendMessage, 'accounts.check.sendMessage'],
  [(a) => !a.checkAddContact, 'accounts.check.addContact'],
]

/** The spec's short list labels ('MF', 'CF'): the detail says what they mean, in words (issue 38). */
const EXPLAINED_CHECKS: Readonly<Record<string, string>> = {
  'accounts.check.sendMessage': 'accounts.checkMeaning.sendMessage',
  'accounts.check.addContact': 'accounts.checkMeaning.addContact',
}

/** What a failed validation's short label means, when the list shows one ('MF', 'CF'); null otherwise. */
export function failedCheckMeaning(account: Account): string | null {
  if (account.validationStatus !== 'failed') return null
  const failed = FAILED_CHECKS.find(([isFailed]) => isFailed(account))
  return (failed && EXPLAINED_CHECKS[failed[1]]) ?? null
}

export type ValidationLabel =
  | { kind: 'countdown'; until: number }
  | { kind: 'label'; key: string; tone: 'accent' | 'success' | 'warning' | 'danger' | 'neutral' }

/**
 * The list's validation label: a countdown while validation is pending with a future validationAt;
 * failed shows the first failed check or 'Validation Failed'; otherwise the status label.
 */
export function validationLabel(account: Account, nowSeconds: number): ValidationLabel {
  const { validationStatus, validationAt } = account
  if (validationStatus === 'pending' && validationAt !== null && validationAt > nowSeconds) {
    return { kind: 'countdown', until: validationAt }
  }
  switch (validationStatus) {
    case 'failed': {
      const failed = FAILED_CHECKS.find(([isFailed]) => isFailed(account))
      return { kind: 'label', key: failed ? failed[1] : 'accounts.label.failed', tone: 'danger' }
    }
    case 'review':
      return { kind: 'label', key: 'accounts.label.review', tone: 'warning' }
    case 'success':
      return { kind: 'label', key: 'accounts.label.success', tone: 'success' }
    default:
      return { kind: 'label', key: 'accounts.label.pending', tone: 'neutral' }
  }
}

/** Acceptance Status text. */
export function acceptanceText(account: Account): string {
  return `accounts.acceptance.${account.status}`
}

/** The limit status shown: temporary_limited whenever the limit was not checked (spec section 4). */
export function shownLimitStatus(account: Account): LimitStatus {
  return account.checkLimitStatus ? account.limitStatus : 'temporary_limited'
}

export function limitTexts(account: Account): { title: string; description: string } {
  const status = shownLimitStatus(account)
  return { title: `accounts.limit.${status}.title`, description: `accounts.limit.${status}.description` }
}

/** Validation Status text, by priority: 2FA changed, logged out, frozen, then the status. */
export function validationText(account: Account): string {
  const { validation } = account
  if (!validation.check2Fa) return 'accounts.validation.twoFaChanged'
  if (!validation.checkAuthorization) return 'accounts.validation.loggedOut'
  if (validation.checkFreeze) return 'accounts.validation.frozen'
  return `accounts.validation.${account.validationStatus}`
}

/** The red '-N%' marker: a limit discount, or a price that differs from the net. */
export function discountPercent(account: Account): number | null {
  if (account.limitDiscount > 0) return account.limitDiscount
  if (account.price > 0 && account.price !== account.net) {
    return Math.round(((account.price - account.net) / account.price) * 100)
  }
  return null
}
