import { field, onEvent, postEvent } from './bridge.ts'
import { supports } from './methods.ts'

/** Desktop and web clients never resize the app under the user: their viewport is the window, and stable. */
const STABLE_VIEWPORT_PLATFORMS = ['macos', 'tdesktop', 'unigram', 'webk', 'weba', 'web']

const SIDES = ['top', 'bottom', 'left', 'right'] as const

function setPx(name: string, value: number): void {
  document.documentElement.style.setProperty(`--tg-viewport-${name}`, `${value}px`)
}

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback

/**
 * `viewport_changed`: height and width always; the stable height only once the client says the height has
 * settled (it is still moving while the user drags the sheet). A client that sends no payload means the window.
 */
function applyViewport(payload: unknown): void {
  const present = payload && typeof payload === 'object'
  const height = numberOr(field(payload, 'height'), window.innerHeight)
  setPx('height', height)
  setPx('width', numberOr(field(payload, 'width'), window.innerWidth))
  if (!present || field(payload, 'is_state_stable') === true) setPx('stable-height', height)
}

/** `safe_area_changed` / `content_safe_area_changed`: four insets in pixels. */
function applyInsets(prefix: 'safe-area' | 'content-safe-area', payload: unknown): void {
  for (const side of SIDES) setPx(`${prefix}-inset-${side}`, numberOr(field(payload, side), 0))
}

/**
 * The viewport and safe areas as CSS variables (`--tg-viewport-height`, `-width`, `-stable-height`,
 * `-safe-area-inset-{top,bottom,left,right}`, `-content-safe-area-inset-*`), kept up to date from Telegram's
 * events, and the app expanded to full height. Before Mini Apps 8.0 there are no safe areas to ask for: they
 * are zero (the CSS also takes `env(safe-area-inset-*)`). Returns the unsubscribe function.
 */
export function startViewport(platform: string): () => void {
  const stops = [
    onEvent('viewport_changed', applyViewport),
    onEvent('safe_area_changed', (payload) => applyInsets('safe-area', payload)),
    onEvent('content_safe_area_changed', (payload) => applyInsets('content-safe-area', payload)),
  ]

  if (supports('web_app_request_safe_area')) postEvent('web_app_request_safe_area')
  else applyInsets('safe-area', undefined)
  if (supports('web_app_request_content_safe_area')) postEvent('web_app_request_content_safe_area')
  else applyInsets('content-safe-area', undefined)

  if (STABLE_VIEWPORT_PLATFORMS.includes(platform)) applyViewport(undefined)
  else postEvent('web_app_request_viewport')

  postEvent('web_app_expand')
  return () => {
    for (const stop of stops) stop()
  }
}
