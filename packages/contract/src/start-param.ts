/**
 * Start parameters that open a screen (`t.me/<bot>?startapp=go_a_<account uid>`): the bot's notification
 * buttons make them, the mini-app opens the screen after sign-in. Telegram documents start parameters as at most
 * 64 characters of A-Z, a-z, 0-9, '_' and '-' (core.telegram.org/bots/features#deep-linking; some pages say 512 for
 * `startapp`, we keep to the stricter), so a parameter names one uid: `go_t_<transaction uid>` (41 characters), not
 * the invoice's too (78, which a launch refused). A referral code never starts with 'go_' (codes are issued from an
 * alphabet without '_'), and whoever receives these messages is a user already.
 */
export type ScreenLink =
  | { kind: 'account'; accountUid: string }
  | { kind: 'invoice'; invoiceUid: string }
  | { kind: 'transaction'; transactionUid: string }
  /** The accounts list's Accepted tab (`go_accepted`): the bot's message about several accepted accounts. */
  | { kind: 'acceptedAccounts' }
  /** The support conversation (`go_support`): the bot's message carrying an operator's reply. */
  | { kind: 'support' }

/** What Telegram passes as a start parameter (`startapp`, `start`). */
export const START_PARAM_MAX_LENGTH = 64
export const START_PARAM_PATTERN = /^[A-Za-z0-9_-]{0,64}$/

const UID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const ACCOUNT = new RegExp(`^go_a_(${UID})$`)
const INVOICE = new RegExp(`^go_i_(${UID})$`)
const TRANSACTION = new RegExp(`^go_t_(${UID})$`)
const ACCEPTED_ACCOUNTS = 'go_accepted'
const SUPPORT = 'go_support'

export function screenStartParam(screen: ScreenLink): string {
  switch (screen.kind) {
    case 'account':
      return `go_a_${screen.accountUid}`
    case 'invoice':
      return `go_i_${screen.invoiceUid}`
    case 'transaction':
      return `go_t_${screen.transactionUid}`
    case 'acceptedAccounts':
      return ACCEPTED_ACCOUNTS
    case 'support':
      return SUPPORT
  }
}

/** The screen a start parameter opens, or undefined for anything else (a referral code, nothing, garbage). */
export function parseScreenStartParam(param: string | null | undefined): ScreenLink | undefined {
  if (!param?.startsWith('go_')) return undefined
  if (param === ACCEPTED_ACCOUNTS) return { kind: 'acceptedAccounts' }
  if (param === SUPPORT) return { kind: 'support' }
  const account = ACCOUNT.exec(param)
  if (account?.[1]) return { kind: 'account', accountUid: account[1] }
  const invoice = INVOICE.exec(param)
  if (invoice?.[1]) return { kind: 'invoice', invoiceUid: invoice[1] }
  const transaction = TRANSACTION.exec(param)
  if (transaction?.[1]) return { kind: 'transaction', transactionUid: transaction[1] }
  return undefined
}
