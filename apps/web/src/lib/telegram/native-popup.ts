import { popup } from '@tma.js/sdk-react'
import { safeCall } from './safe-call.ts'

export type PopupButton = { id: string; text: string; type?: 'default' | 'destructive' }
export type PopupOptions = { title?: string; message: string; buttons: PopupButton[] }

/** Telegram limits: title 64, message 256 characters, 1 to 3 buttons. */
function fitsNativeLimits(options: PopupOptions): boolean {
  return (
    (options.title ?? '').length <= 64 &&
    options.message.length > 0 &&
    options.message.length <= 256 &&
    options.buttons.length >= 1 &&
    options.buttons.length <= 3
  )
}

export function canShowNativePopup(options: PopupOptions): boolean {
  return fitsNativeLimits(options) && (safeCall('popup.isAvailable', () => popup.show.isAvailable()) ?? false)
}

/** Resolves with the id of the pressed button, or null when dismissed. */
export async function showNativePopup(options: PopupOptions): Promise<string | null> {
  const id = await popup.show({
    ...(options.title ? { title: options.title } : {}),
    message: options.message,
    buttons: options.buttons.map((button) => ({
      id: button.id,
      text: button.text,
      type: button.type ?? 'default',
    })),
  })
  return id ?? null
}
