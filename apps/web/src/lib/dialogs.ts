import { canShowNativePopup, type PopupOptions, showNativePopup } from './telegram/native-popup.ts'

export type OpenDialog = PopupOptions & { key: number; close: (buttonId: string | null) => void }

/**
 * Dialogs: Telegram's native popup where the client supports it, otherwise an in-app modal rendered by
 * <DialogHost />. Callers just await the pressed button id (null = dismissed).
 */
let open: readonly OpenDialog[] = []
let nextKey = 1
const listeners = new Set<() => void>()

function emit(): void {
  for (const listener of listeners) listener()
}

function showInApp(options: PopupOptions): Promise<string | null> {
  return new Promise((resolve) => {
    const key = nextKey++
    const close = (buttonId: string | null) => {
      open = open.filter((dialog) => dialog.key !== key)
      emit()
      resolve(buttonId)
    }
    open = [...open, { ...options, key, close }]
    emit()
  })
}

export function showDialog(options: PopupOptions): Promise<string | null> {
  if (!canShowNativePopup(options)) return showInApp(options)
  // A native popup can still refuse (another one is open): fall back rather than lose the message.
  return showNativePopup(options).catch(() => showInApp(options))
}

export function subscribeDialogs(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getOpenDialogs(): readonly OpenDialog[] {
  return open
}

/** Drops every in-app dialog without answering (tests, or a session reset). */
export function resetDialogs(): void {
  open = []
  emit()
}
