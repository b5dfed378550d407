import { field, onEvent, postEvent } from './bridge.ts'
import { supports } from './methods.ts'

export type PopupButton = { id: string; text: string; type?: 'default' | 'destructive' }
export type PopupOptions = { title?: string; message: string; buttons: PopupButton[] }

/** Telegram's limits: title 64, message 1 to 256 characters; 1 to 3 buttons, text 1 to 64, id up to 64. */
function fitsNativeLimits(options: PopupOptions): boolean {
  const message = options.message.trim()
  return (
    (options.title ?? '').trim().length <= 64 &&
    message.length > 0 &&
    message.length <= 256 &&
    options.buttons.length >= 1 &&
    options.buttons.length <= 3 &&
    options.buttons.every(
      (button) => button.id.length <= 64 && button.text.trim().length > 0 && button.text.trim().length <= 64,
    )
  )
}

/** Telegram shows one popup at a time; a second request while one is open is refused. */
let popupOpen = false

/** A fresh launch (init): no popup of ours is open. */
export function resetNativePopup(): void {
  popupOpen = false
}

export function canShowNativePopup(options: PopupOptions): boolean {
  return fitsNativeLimits(options) && supports('web_app_open_popup')
}

/**
 * `web_app_open_popup` (Mini Apps 6.2), answered by `popup_closed`. Resolves with the id of the pressed
 * button, or null when dismissed; rejects when a popup is already open or the client cannot be reached
 * (the caller then shows the in-app dialog).
 */
export function showNativePopup(options: PopupOptions): Promise<string | null> {
  if (popupOpen) return Promise.reject(new Error('A native popup is already open'))
  const params = {
    title: (options.title ?? '').trim(),
    message: options.message.trim(),
    buttons: options.buttons.map((button) => ({
      id: button.id,
      type: button.type ?? 'default',
      text: button.text.trim(),
    })),
  }
  return new Promise((resolve, reject) => {
    const stop = onEvent('popup_closed', (payload) => {
      stop()
      popupOpen = false
      const buttonId = field(payload, 'button_id')
      resolve(typeof buttonId === 'string' ? buttonId : null)
    })
    popupOpen = true
    if (!postEvent('web_app_open_popup', params)) {
      stop()
      popupOpen = false
      reject(new Error('Telegram could not be reached'))
    }
  })
}
