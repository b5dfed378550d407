import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { resetDialogs } from '#lib/dialogs.ts'
import { resetIdempotencyKeys } from '#lib/idempotency-keys.ts'
import { resetNetworkStatus } from '#lib/network-status.ts'
import { dismissToast } from '#lib/toast.ts'

// Every lazy screen, loaded before the first test of a worker. Files share a worker's modules (isolate: false): a
// screen still loading when its file ended was torn down half loaded, and every later file of that worker that
// opened it timed out (CI, 28 Nov: account detail and news, after transaction detail's last test).
import.meta.glob('../../src/app/routes/*.tsx', { eager: true })

// findBy*/waitFor give up after 1 s by default; a loaded 2-core CI machine took longer than that to render a
// screen's first data (a failed run). Real waits stay short: they end as soon as the element is there.
configure({ asyncUtilTimeout: 5_000 })

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
