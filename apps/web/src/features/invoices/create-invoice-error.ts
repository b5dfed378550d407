import { ErrorCode, parseErrorDetails } from '@app/contract'
import { isApiError } from '#lib/api-error.ts'
import { formatUsdt } from '#lib/format.ts'
import type { TFunction } from '#lib/i18n.ts'

/** One error dialog of invoice creation: title and message keys (invoices namespace) and their values. */
export type ErrorDialogText = {
  title: string
  message: string
  values?: Record<string, string | number>
  /** Minutes, passed as `count`s so the words agree with the numbers. */
  minutes?: { delay: number; wait: number }
}

const REQUEST_ERROR: ErrorDialogText = {
  title: 'invoices.error.request.title',
  message: 'invoices.error.request.message',
}

/** Minutes with at most one decimal (a delay of 90 s reads 1.5 minutes). */
const minutes = (seconds: number) => Math.round((seconds / 60) * 10) / 10

/**
 * Spec section 8, invoice creation: status 400 by code (wait, balance too low, balance too high, anything
 * else 'Request Error'), any other status 'Unexpected Error' with the code, no status 'Unknown Error'.
 * Details are read through the contract's ErrorDetailsSchemas; a 400 whose details do not parse is a plain 'Request Error'.
 */
function createInvoiceErrorText(error: unknown): ErrorDialogText {
  if (!isApiError(error) || error.status === 0) {
    return { title: 'invoices.error.unknown.title', message: 'invoices.error.unknown.message' }
  }
  if (error.status !== 400) {
    return {
      title: 'invoices.error.unexpected.title',
      message: 'invoices.error.unexpected.message',
      values: { status: error.status },
    }
  }
  switch (error.code) {
    case ErrorCode.ACTION_WAIT_REQUIRED_ERROR: {
      const details = parseErrorDetails(ErrorCode.ACTION_WAIT_REQUIRED_ERROR, error.details)
      // Invoice creation always names its delay: without one the wait dialog has nothing to say.
      if (details?.delay === undefined) return REQUEST_ERROR
      return {
        title: 'invoices.error.wait.title',
        message: 'invoices.error.wait.message',
        // The wait is rounded up: 'try again in 0 minutes' would be wrong while any second remains.
        minutes: { delay: minutes(details.delay), wait: Math.ceil(details.wait / 60) },
      }
    }
    case ErrorCode.BALANCE_LOW_ERROR: {
      const details = parseErrorDetails(ErrorCode.BALANCE_LOW_ERROR, error.details)
      if (!details) return REQUEST_ERROR
      return {
        title: 'invoices.error.balanceLow.title',
        message: 'invoices.error.balanceLow.message',
        values: { balance: formatUsdt(details.balance), minimum: formatUsdt(details.minimum) },
      }
    }
    case ErrorCode.BALANCE_HIGH_ERROR: {
      const details = parseErrorDetails(ErrorCode.BALANCE_HIGH_ERROR, error.details)
      if (!details) return REQUEST_ERROR
      return {
        title: 'invoices.error.balanceHigh.title',
        message: 'invoices.error.balanceHigh.message',
        values: { balance: formatUsdt(details.balance), maximum: formatUsdt(details.maximum) },
      }
    }
    default:
      return REQUEST_ERROR
  }
}

/** The dialog's words, in the language of `t` (the invoices namespace first): its title and message. */
export function createInvoiceErrorDialog(error: unknown, t: TFunction): { title: string; message: string } {
  const text = createInvoiceErrorText(error)
  const values = text.minutes
    ? {
        delay: t('invoices.minutes', { count: text.minutes.delay }),
        wait: t('invoices.minutes', { count: text.minutes.wait }),
      }
    : text.values
  return { title: t(text.title), message: t(text.message, values) }
}
