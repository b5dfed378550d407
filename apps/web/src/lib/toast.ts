import { TOAST_DURATION_MS } from '#config/constants.ts'

/** One short-lived message at a time (e.g. 'Coming soon...'), rendered by <ToastHost />. */
export type Toast = { key: number; message: string }

let current: Toast | null = null
let timer: ReturnType<typeof setTimeout> | undefined
let nextKey = 1
const listeners = new Set<() => void>()

function set(toast: Toast | null): void {
  current = toast
  for (const listener of listeners) listener()
}

export function showToast(message: string, durationMs = TOAST_DURATION_MS): void {
  clearTimeout(timer)
  set({ key: nextKey++, message })
  timer = setTimeout(() => set(null), durationMs)
}

export function dismissToast(): void {
  clearTimeout(timer)
  set(null)
}

export function subscribeToast(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getToast(): Toast | null {
  return current
}
