import { firstScreenRoutes, parseScreenStartParam, type ScreenLink } from '@app/contract'
import { useEffect, useSyncExternalStore } from 'react'
import { Navigate, Outlet, useNavigate } from 'react-router'
import { paths } from '#config/paths.ts'
import { call } from '#lib/api-client.ts'
import { hasTokens, subscribeTokens } from '#lib/auth-tokens.ts'
import { useBrowserMode, useLaunchParams } from '#lib/telegram/launch-context.tsx'
import { useI18n } from '#lib/use-translation.tsx'

function pathOf(screen: ScreenLink): string {
  switch (screen.kind) {
    case 'account':
      return paths.account(screen.accountUid)
    case 'invoice':
      return paths.invoice(screen.invoiceUid)
    case 'transaction':
      return paths.transaction(screen.transactionUid)
    case 'acceptedAccounts':
      return paths.accountsTab({ tab: 'accepted', search: '' })
  }
}

/** Launches whose screen was opened: once per launch, so coming back home later stays home. */
const opened = new WeakSet<object>()

/**
 * A bot notification's button opens the app with a start parameter naming a screen (`go_i_<invoice uid>`...):
 * a payout's is its transaction alone (/transactions/<uid>), whose screen leads back to its invoice.
 * once signed in, go there. Anything else in the start parameter (a referral code) leaves the user where they are.
 */
function useStartScreen(signedIn: boolean) {
  const launch = useLaunchParams()
  const navigate = useNavigate()
  useEffect(() => {
    if (!signedIn || !launch || opened.has(launch)) return
    opened.add(launch)
    const screen = parseScreenStartParam(launch.startParam)
    if (screen) void navigate(pathOf(screen), { replace: true })
  }, [signedIn, launch, navigate])
}

/** Launches whose language the server was told: once per launch. */
const told = new WeakSet<object>()

/**
 * Once signed in, each Telegram launch tells the server the language the app shows (from the init data's
 * language_code): a relaunch with stored tokens signs in no more, and the bot would go on writing in the language of
 * the last sign-in (docs/bot.md, 'Language'). Nothing waits on it; a failure is left for the next launch.
 */
function useLanguageReport(signedIn: boolean) {
  const launch = useLaunchParams()
  const { language } = useI18n()
  useEffect(() => {
    if (!signedIn || !launch || told.has(launch)) return
    told.add(launch)
    call(firstScreenRoutes.language, { body: { language } }).catch(() => undefined)
  }, [signedIn, launch, language])
}

/**
 * The guard: without tokens for this Telegram user (never had them, another user's, or a failed refresh
 * cleared them) the user goes through Telegram authorization again; in a plain browser, to the email login.
 */
export function AuthenticatedLayout() {
  const signedIn = useSyncExternalStore(subscribeTokens, hasTokens, hasTokens)
  const browser = useBrowserMode()
  useStartScreen(signedIn)
  useLanguageReport(signedIn)
  if (!signedIn) return <Navigate to={browser ? paths.login : paths.telegramAuth} replace />
  return <Outlet />
}
