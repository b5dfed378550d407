/**
 * Which Telegram methods the client understands, by Mini Apps version (the version Telegram passes in
 * `tgWebAppVersion`). Only the methods this app calls; the versions are Telegram's (core.telegram.org/bots/webapps).
 */
const SINCE = {
  iframe_ready: '6.0',
  iframe_will_reload: '6.0',
  web_app_ready: '6.0',
  web_app_expand: '6.0',
  web_app_open_link: '6.0',
  web_app_request_viewport: '6.0',
  web_app_setup_back_button: '6.1',
  web_app_set_header_color: '6.1',
  web_app_set_background_color: '6.1',
  web_app_open_tg_link: '6.1',
  web_app_trigger_haptic_feedback: '6.1',
  web_app_open_popup: '6.2',
  web_app_request_safe_area: '8.0',
  web_app_request_content_safe_area: '8.0',
} as const

export type TelegramMethod = keyof typeof SINCE

/** Numeric, part by part: 6.10 is newer than 6.9. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number)
  const right = b.split('.').map(Number)
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] || 0) - (right[i] || 0)
    if (difference) return difference > 0 ? 1 : -1
  }
  return 0
}

/** The client's version; null outside Telegram (nothing is supported then). */
let clientVersion: string | null = null

export function setClientVersion(version: string | null): void {
  clientVersion = version
}

export function isInTelegram(): boolean {
  return clientVersion !== null
}

export function supports(method: TelegramMethod, version: string | null = clientVersion): boolean {
  return version !== null && compareVersions(SINCE[method], version) <= 0
}
