import { resetBackButton } from './back-button.ts'
import { listenToTelegram, onEvent, postEvent, setTargetOrigin } from './bridge.ts'
import type { LaunchParams } from './launch-params.ts'
import { setClientVersion } from './methods.ts'
import { resetNativePopup } from './native-popup.ts'
import { startTheme } from './theme.ts'
import { startViewport } from './viewport.ts'

/** Oldest Mini Apps version we claim when the client did not say (only 6.0 methods are then used). */
const FALLBACK_VERSION = '6.0'

/**
 * In an iframe (Telegram Web, our /simulator page) events go to window.parent with a target origin,
 * web.telegram.org by default. The simulator is served from our own origin, so trust that too.
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

/** Telegram Web may restyle the app (`set_custom_style`): its CSS goes in a style element of its own. */
function applyCustomStyle(css: unknown): void {
  if (typeof css !== 'string') return
  let element = document.getElementById('telegram-custom-styles')
  if (!element) {
    element = document.createElement('style')
    element.id = 'telegram-custom-styles'
    document.head.appendChild(element)
  }
  element.textContent = css
}

let stopPrevious: (() => void) | null = null

/**
 * Wires the Telegram client, when there is one: events in both directions, ready() as early as possible, theme, mini-app
 * colours, viewport and safe areas as CSS variables, the app expanded. An old client gets only the calls its
 * version supports; a call nobody receives is simply lost. Calling it again (tests) replaces the previous wiring.
 */
export function initTelegram(launch: LaunchParams): void {
  stopPrevious?.()
  stopPrevious = null
  const origin = trustedParentOrigin()
  if (origin) setTargetOrigin(origin)
  resetBackButton()
  resetNativePopup()
  listenToTelegram()

  // The first event says whether anyone listens (Telegram Web: the iframe can be reloaded by the client, which
  // asks first). A plain browser given a launch URL has no Telegram: no theme or viewport, in-app dialogs.
  if (!postEvent('iframe_ready', { reload_supported: true })) {
    setClientVersion(null)
    return
  }
  setClientVersion(launch.version ?? FALLBACK_VERSION)
  // Telegram keeps its loading placeholder until ready() arrives.
  postEvent('web_app_ready')

  const stops = [
    onEvent('reload_iframe', () => {
      postEvent('iframe_will_reload')
      window.location.reload()
    }),
    onEvent('set_custom_style', applyCustomStyle),
    startTheme(launch.themeParams),
    startViewport(launch.platform),
  ]
  stopPrevious = () => {
    for (const stop of stops) stop()
  }
}
