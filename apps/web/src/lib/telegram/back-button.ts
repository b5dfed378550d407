import { backButton } from '@tma.js/sdk-react'
import { safeCall } from './safe-call.ts'

export function setBackButtonVisible(visible: boolean): void {
  safeCall('backButton.show/hide', () =>
    visible ? backButton.show.ifAvailable() : backButton.hide.ifAvailable(),
  )
}

/** Subscribes to native back button presses; returns the unsubscribe function. */
export function onBackButtonClick(listener: () => void): () => void {
  const result = safeCall('backButton.onClick', () => backButton.onClick.ifAvailable(listener))
  return result?.ok ? result.data : () => {}
}
