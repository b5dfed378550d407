import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { resetFlows } from '../features/account-submission/flow-store.ts'
import { resetDialogs } from '../lib/dialogs.ts'
import { dismissToast } from '../lib/toast.ts'

afterEach(() => {
  cleanup()
  resetDialogs()
  dismissToast()
  resetFlows()
  localStorage.clear()
  sessionStorage.clear()
  delete (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy
  window.history.replaceState(null, '', '/')
  document.documentElement.removeAttribute('dir')
  document.documentElement.removeAttribute('lang')
})
