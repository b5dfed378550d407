/**
 * Start parameters that open a screen (`t.me/<bot>?startapp=go_a_<account uid>`): the bot's notification
 * buttons make them, the mini-app opens the screen after sign-in. Telegram allows A-Z, a-z, 0-9, '_' and '-'
 * (up to 512 characters for `startapp`), so uids are joined with '_'. A referral code never starts with 'go_'
 * (codes are issued from an alphabet without '_'), and whoever receives these messages is a user already.
 */
export type ScreenLink =
  | { kind: 'account'; accountUid: string }
  | { kind: 'invoice'; invoiceUid: string }
  | { kind: 'transaction'; invoiceUid: string; transactionUid: string }

const UID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const ACCOUNT = new RegExp(`^go_a_(${UID})$`)
const INVOICE = new RegExp(`^go_i_(${UID})$`)
const TRANSACTION = new RegExp(`^go_t_(${UID})_(${UID})$`)

export function screenStartParam(screen: ScreenLink): string {
  switch (screen.kind) {
    case 'account':
      return `go_a_${screen.accountUid}`
    case 'invoice':
      return `go_i_${screen.invoiceUid}`
    case 'transaction':
      return `go_t_${screen.invoiceUid}_${screen.transactionUid}`
  }
}

/** The screen a start parameter opens, or undefined for anything else (a referral code, nothing, garbage). */
export function parseScreenStartParam(param: string | null | undefined): ScreenLink | undefined {
  if (!param?.startsWith('go_')) return undefined
  const account = ACCOUNT.exec(param)
  if (account?.[1]) return { kind: 'account', accountUid: account[1] }
  const invoice = INVOICE.exec(param)
  if (invoice?.[1]) return { kind: 'invoice', invoiceUid: invoice[1] }
  const transaction = TRANSACTION.exec(param)
  if (transaction?.[1] && transaction[2]) {
    return { kind: 'transaction', invoiceUid: transaction[1], transactionUid: transaction[2] }
  }
  return undefined
}
