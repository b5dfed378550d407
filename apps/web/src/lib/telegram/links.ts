import { openTelegramLink, postEvent } from '@tma.js/sdk-react'
import { TELEGRAM_LINK_BASE } from '../../config/constants.ts'
import { safeCall } from './safe-call.ts'

/** Opens a t.me link inside Telegram; a plain new tab where the client cannot. */
export function openTelegramUrl(url: string): void {
  const opened = safeCall('openTelegramLink', () => openTelegramLink.ifAvailable(url))
  if (!opened?.ok) window.open(url, '_blank', 'noopener')
}

export function channelUrl(channelUsername: string): string {
  return `${TELEGRAM_LINK_BASE}${channelUsername.replace(/^@/, '')}`
}

/**
 * Opens an outside link (a block explorer...) in the browser Telegram chooses (`web_app_open_link`, every
 * Mini Apps version); a plain new tab outside Telegram. The raw event rather than the SDK's openLink: the SDK
 * is one module in the first screen's chunk, and its openLink would cost the first screen 0.15 kB gzip.
 */
export function openExternalUrl(url: string): void {
  const sent = safeCall('openLink', () => {
    postEvent('web_app_open_link', { url })
    return true
  })
  if (!sent) window.open(url, '_blank', 'noopener')
}
