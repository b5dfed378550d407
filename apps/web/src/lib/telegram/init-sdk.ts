import {
  backButton,
  init,
  miniApp,
  setTargetOrigin,
  type ThemeParamsType,
  themeParams,
  viewport,
} from '@tma.js/sdk-react'
import type { LaunchParams } from './launch-params.ts'
import { safeCall } from './safe-call.ts'

/** Oldest Mini Apps version we claim when the client did not say (every method then reports unsupported). */
const FALLBACK_VERSION = '6.0'

/**
 * In an iframe (Telegram Web, our /simulator page) the SDK posts events to window.parent with a target
 * origin, web.telegram.org by default. The simulator is served from our own origin, so trust that too.
 */
function trustedParentOrigin(): string | null {
  if (window.self === window.top) return null
  let origin: string | null = window.location.ancestorOrigins?.[0] ?? null
  if (!origin && document.referrer) {
    try {
      origin = new URL(document.referrer).origin
    } catch {
      origin = null
    }
  }
  if (!origin) return null
  const isTelegram = /^https:\/\/([a-z0-9-]+\.)*telegram\.org$/.test(origin)
  return origin === window.location.origin || isTelegram ? origin : null
}

/**
 * Wires the Telegram bridge: events in both directions (TelegramWebviewProxy on ios/android,
 * postMessage in an iframe), ready() as early as possible, theme, viewport and safe areas as CSS
 * variables, and the native back button. Each step may fail on an old client; none of them is fatal.
 */
export function initTelegramSdk(launch: LaunchParams): void {
  const origin = trustedParentOrigin()
  if (origin) safeCall('setTargetOrigin', () => setTargetOrigin(origin))

  const initialized = safeCall('init', () => {
    init({
      version: launch.version ?? FALLBACK_VERSION,
      themeParams: launch.themeParams as ThemeParamsType,
      isInlineMode: launch.isBotInline,
    })
    return true
  })
  if (!initialized) return

  // Telegram keeps its loading placeholder until ready() arrives.
  safeCall('miniApp.ready', () => miniApp.ready.ifAvailable())

  safeCall('themeParams', () => {
    themeParams.mount.ifAvailable()
    if (!themeParams.isCssVarsBound()) themeParams.bindCssVars.ifAvailable()
  })
  safeCall('miniApp', () => {
    miniApp.mount.ifAvailable()
    if (!miniApp.isCssVarsBound()) miniApp.bindCssVars.ifAvailable()
    miniApp.setHeaderColor.ifAvailable('secondary_bg_color')
    miniApp.setBgColor.ifAvailable('secondary_bg_color')
  })
  safeCall('backButton.mount', () => backButton.mount.ifAvailable())
  safeCall('viewport', () => {
    const mounting = viewport.mount.ifAvailable({ timeout: 2_000 })
    if (!mounting.ok) return
    mounting.data
      .then(() => {
        if (!viewport.isCssVarsBound()) viewport.bindCssVars.ifAvailable()
        viewport.expand.ifAvailable()
      })
      .catch(() => {
        // No viewport answer (old client): CSS falls back to 100dvh and env(safe-area-inset-*).
      })
  })
}

export function isDarkTheme(): boolean {
  return safeCall('themeParams.isDark', () => themeParams.isDark()) ?? false
}
