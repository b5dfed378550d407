import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { resetDialogs } from '../lib/dialogs.ts'
import { resetIdempotencyKeys } from '../lib/idempotency-keys.ts'
import { resetNetworkStatus } from '../lib/network-status.ts'
import { dismissToast } from '../lib/toast.ts'

afterEach(() => {
  cleanup()
  resetDialogs()
  dismissToast()
  resetNetworkStatus()
  resetIdempotencyKeys()
  localStorage.clear()
  sessionStorage.clear()
  delete (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy
  window.history.replaceState(null, '', '/')
  document.documentElement.removeAttribute('dir')
  document.documentElement.removeAttribute('lang')
})
