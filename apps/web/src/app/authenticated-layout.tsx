import { useSyncExternalStore } from 'react'
import { Navigate, Outlet } from 'react-router'
import { paths } from '../config/paths.ts'
import { hasTokens, subscribeTokens } from '../lib/auth-tokens.ts'

/**
 * The guard: without tokens for this Telegram user (never had them, another user's, or a failed refresh
 * cleared them) the user goes through Telegram authorization again.
 */
export function AuthenticatedLayout() {
  const signedIn = useSyncExternalStore(subscribeTokens, hasTokens, hasTokens)
  if (!signedIn) return <Navigate to={paths.telegramAuth} replace />
  return <Outlet />
}
