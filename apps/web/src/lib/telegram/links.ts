import { openLink, openTelegramLink } from '@tma.js/sdk-react'
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

/** Opens an outside link (a block explorer...) in the browser Telegram chooses; a plain new tab where it cannot. */
export function openExternalUrl(url: string): void {
  const opened = safeCall('openLink', () => openLink.ifAvailable(url))
  if (!opened?.ok) window.open(url, '_blank', 'noopener')
}
