/**
 * index.html's home skeleton: shown on a Telegram launch at home, over an app that renders unseen (#root is not
 * displayed while it is there), until the app draws something a user should see. Removed, not hidden: nothing of
 * it stays behind the app.
 */
export function dismissBootHome(): void {
  document.getElementById('boot-home')?.remove()
}

/** Screens the skeleton stands in for while the app starts: home, and the sign-in on the way to it. */
export const BOOT_HOME_PATHS: readonly string[] = ['/', '/telegram-auth']

/** Home's rows that come with the data: the skeleton draws them when this user's home had them last time. */
export type BootHomeRow = 'referrals' | 'channel'

const ROWS_KEY = 'app.homeShape'

/** Home drew these data rows for this Telegram user: the next launch's skeleton has the same rows. */
export function rememberHomeRows(telegramUserId: number, rows: BootHomeRow[]): void {
  try {
    localStorage.setItem(ROWS_KEY, JSON.stringify({ telegramUserId, rows }))
  } catch {
    // Storage refused: the next skeleton has home's fixed rows only.
  }
}
