import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { paths } from '../config/paths.ts'
import { onBackButtonClick, setBackButtonVisible } from '../lib/telegram/back-button.ts'
import { currentBackHandler } from '../lib/telegram/back-handlers.ts'

/** React Router keeps its history index in history.state; 0 means this is the first entry of the app. */
function canGoBackInApp(): boolean {
  const state: unknown = window.history.state
  return (
    !!state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' && state.idx > 0
  )
}

/**
 * Telegram's native back button: visible on every screen but home, wired to router navigation.
 * A screen may override the press with useBackHandler (e.g. to confirm first).
 */
export function BackButtonController() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const isHome = pathname === paths.home || pathname === paths.telegramAuth

  useEffect(() => {
    setBackButtonVisible(!isHome)
  }, [isHome])

  useEffect(
    () =>
      onBackButtonClick(() => {
        const handler = currentBackHandler()
        if (handler) handler()
        else if (canGoBackInApp()) void navigate(-1)
        else void navigate(paths.home, { replace: true })
      }),
    [navigate],
  )

  return null
}
