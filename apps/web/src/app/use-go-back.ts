import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '#config/paths.ts'
import { canGoBackInApp } from '#lib/history.ts'
import { currentBackHandler } from '#lib/telegram/back-handlers.ts'

/**
 * What a back press does, Telegram's BackButton and the browser's header arrow alike: the handler a screen
 * registered (e.g. to confirm first), else back in history, else home when the app was opened on a deep link.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    const handler = currentBackHandler()
    if (handler) handler()
    else if (canGoBackInApp()) void navigate(-1)
    else void navigate(paths.home, { replace: true })
  }, [navigate])
}
