/**
 * 'Contact support' wherever a message tells the user to (docs/support.md): the error's context is kept for the
 * support screen (in session storage, so a reload after a crash keeps it), then the screen opens.
 */
import type { SupportContext } from '@app/contract'
import { isApiError } from './api-error.ts'

const KEY = 'support.context'

/** Whether an error's message tells the user to contact support: a 5xx, a balance above the limit, a block. */
export function needsSupport(error: unknown): boolean {
  if (!isApiError(error)) return false
  return error.status >= 500 || error.code === 'BALANCE_HIGH_ERROR' || error.code === 'USER_BLOCKED'
}

/** The context of an error met on the current screen. */
export function supportContextOf(error: unknown, extra: Partial<SupportContext> = {}): SupportContext {
  const screen = typeof window === 'undefined' ? '' : window.location.pathname
  const api = isApiError(error) ? error : undefined
  return {
    screen,
    ...(api ? { errorCode: api.code.slice(0, 64), status: api.status } : {}),
    ...(api?.requestId ? { requestId: api.requestId.slice(0, 100) } : {}),
    ...uidsIn(screen),
    ...extra,
  }
}

const UID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/
/** The invoice or transaction the screen is about, read from its path. */
function uidsIn(path: string): Partial<SupportContext> {
  const invoice = new RegExp(`/invoices/(${UID.source})`).exec(path)?.[1]
  const transaction = new RegExp(`/transactions/(${UID.source})`).exec(path)?.[1]
  return {
    ...(invoice ? { invoiceUid: invoice } : {}),
    ...(transaction ? { transactionUid: transaction } : {}),
  }
}

function rememberSupportContext(context: SupportContext): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(context))
  } catch {
    // No storage: the message goes without its context.
  }
}

/** The context waiting for the next message (kept until it is sent). */
export function peekSupportContext(): SupportContext | undefined {
  try {
    const text = sessionStorage.getItem(KEY)
    return text ? (JSON.parse(text) as SupportContext) : undefined
  } catch {
    return undefined
  }
}

export function forgetSupportContext(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing kept.
  }
}

let navigate: ((path: string) => void) | undefined
/** The router's navigate, registered by the root layout: 'Contact support' in a dialog opens the screen in place. */
export function setSupportNavigator(next: ((path: string) => void) | undefined): void {
  navigate = next
}

const SUPPORT_PATH = '/support'

/** Opens support with the context; without the router (a crashed screen) by loading the page. */
export function openSupport(context?: SupportContext): void {
  if (context) rememberSupportContext(context)
  if (navigate) navigate(SUPPORT_PATH)
  else window.location.assign(SUPPORT_PATH)
}
