import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { paths } from '#config/paths.ts'
import { onBackButtonClick, setBackButtonVisible } from '#lib/telegram/back-button.ts'
import { useGoBack } from './use-go-back.ts'

/**
 * Telegram's native back button: visible on every screen but home, wired to router navigation.
 * A screen may override the press with useBackHandler (e.g. to confirm first).
 */
export function BackButtonController() {
  const { pathname } = useLocation()
  const goBack = useGoBack()
  const isHome = pathname === paths.home || pathname === paths.telegramAuth

  useEffect(() => {
    setBackButtonVisible(!isHome)
  }, [isHome])

  useEffect(() => onBackButtonClick(goBack), [goBack])

  return null
}
