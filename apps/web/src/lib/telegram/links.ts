import { TELEGRAM_LINK_BASE } from '#config/constants.ts'
import { postEvent } from './bridge.ts'
import { isInTelegram, supports } from './methods.ts'

const TELEGRAM_HOSTS = ['t.me', 'telegram.me', 'telegram.dog']

function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener')
}

/**
 * Opens a t.me link inside Telegram (`web_app_open_tg_link`, 6.1); an older client navigates to the link so
 * Telegram catches it; outside Telegram, or for a link to another host, a plain new tab.
 */
export function openTelegramUrl(url: string): void {
  let parsed: URL | null = null
  try {
    parsed = new URL(url)
  } catch {
    // Not a URL: let the browser make of it what it can.
  }
  if (!parsed || !isInTelegram() || !TELEGRAM_HOSTS.includes(parsed.hostname)) {
    openInNewTab(url)
    return
  }
  const path = parsed.pathname + parsed.search
  if (!supports('web_app_open_tg_link')) {
    window.location.href = `https://telegram.me${path}`
    return
  }
  if (!postEvent('web_app_open_tg_link', { path_full: path })) openInNewTab(url)
}

export function channelUrl(channelUsername: string): string {
  return `${TELEGRAM_LINK_BASE}${channelUsername.replace(/^@/, '')}`
}

/**
 * Opens an outside link (a block explorer...) in the browser Telegram chooses (`web_app_open_link`, every
 * Mini Apps version); a plain new tab outside Telegram.
 */
export function openExternalUrl(url: string): void {
  if (!postEvent('web_app_open_link', { url })) openInNewTab(url)
}
