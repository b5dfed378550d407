import { useSyncExternalStore } from 'react'
import { Navigate, Outlet } from 'react-router'
import { paths } from '../config/paths.ts'
import { hasTokens, subscribeTokens } from '../lib/auth-tokens.ts'
import { useBrowserMode } from '../lib/telegram/launch-context.tsx'

/**
 * The guard: without tokens for this Telegram user (never had them, another user's, or a failed refresh
 * cleared them) the user goes through Telegram authorization again; in a plain browser, to the email login.
 */
export function AuthenticatedLayout() {
  const signedIn = useSyncExternalStore(subscribeTokens, hasTokens, hasTokens)
  const browser = useBrowserMode()
  if (!signedIn) return <Navigate to={browser ? paths.login : paths.telegramAuth} replace />
  return <Outlet />
}
