import { onEvent, postEvent } from './bridge.ts'
import { supports } from './methods.ts'

/** What Telegram shows now; it starts hidden, and we only tell it about changes. */
let visibleInClient = false

/** A fresh launch (init): the client's button is hidden. */
export function resetBackButton(): void {
  visibleInClient = false
}

/** Shows or hides Telegram's back button (Mini Apps 6.1 and later; nothing before). */
export function setBackButtonVisible(visible: boolean): void {
  if (visible === visibleInClient || !supports('web_app_setup_back_button')) return
  if (postEvent('web_app_setup_back_button', { is_visible: visible })) visibleInClient = visible
}

/** Subscribes to native back button presses; returns the unsubscribe function. */
export function onBackButtonClick(listener: () => void): () => void {
  return onEvent('back_button_pressed', () => listener())
}
