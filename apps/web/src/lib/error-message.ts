import type { TFunction } from 'i18next'
import { isApiError } from './api-error.ts'
import { showDialog } from './dialogs.ts'
import { hapticNotification } from './telegram/haptics.ts'

/** A status -> message key map for one call (spec section 8), keys in that screen's namespace. */
export type StatusMessages = Partial<Record<number, string>>

type Details = Record<string, unknown> | undefined

const text = (value: unknown): string => {
  if (Array.isArray(value)) return value.map(String).join(', ')
  return value === undefined || value === null ? '' : String(value)
}

/**
 * The 'Auth error codes' of spec section 8: `code` picks the message, `details` fill it in.
 * Keys live in the common namespace as `error.code.<CODE>`.
 */
const CODE_MESSAGES: Record<string, (details: Details) => { key: string; values?: Record<string, string> }> =
  {
    ACTION_WAIT_REQUIRED_ERROR: (d) => ({
      key: 'error.code.ACTION_WAIT_REQUIRED_ERROR',
      values: { wait: text(d?.wait) },
    }),
    BALANCE_LOW_ERROR: () => ({ key: 'error.code.BALANCE_LOW_ERROR' }),
    BALANCE_HIGH_ERROR: () => ({ key: 'error.code.BALANCE_HIGH_ERROR' }),
    SYSTEM_BALANCE_LOW_ERROR: () => ({ key: 'error.code.SYSTEM_BALANCE_LOW_ERROR' }),
    SERVICE_UNAVAILABLE: (d) =>
      d?.service
        ? { key: 'error.code.SERVICE_UNAVAILABLE_named', values: { service: text(d.service) } }
        : { key: 'error.code.SERVICE_UNAVAILABLE' },
    PHONE_NUMBER_BLACKLISTED: () => ({ key: 'error.code.PHONE_NUMBER_BLACKLISTED' }),
    DUPLICATE_ENTRY: (d) => ({
      key: 'error.code.DUPLICATE_ENTRY',
      values: { field: text(d?.field), value: text(d?.value) },
    }),
    ORDER_UNAVAILABLE: () => ({ key: 'error.code.ORDER_UNAVAILABLE' }),
    CODE_TYPE_NOT_ACCEPTABLE: () => ({ key: 'error.code.CODE_TYPE_NOT_ACCEPTABLE' }),
    UNEXPECTED_CODE_TYPE: () => ({ key: 'error.code.UNEXPECTED_CODE_TYPE' }),
    RESOURCE_NOT_FOUND: (d) => ({
      key: 'error.code.RESOURCE_NOT_FOUND',
      values: { resource: text(d?.resource), id: text(d?.id) },
    }),
    EMAIL_FLOOD: (d) => ({ key: 'error.code.EMAIL_FLOOD', values: { wait: text(d?.wait) } }),
    EMAIL_DOMAIN_NOT_ACCEPTABLE: (d) => ({
      key: 'error.code.EMAIL_DOMAIN_NOT_ACCEPTABLE',
      values: { domains: text(d?.domains) },
    }),
  }

/**
 * What an error dialog says: a known error code with its details first, then the call's own text for the
 * status, then a generic text per status class; no answer at all is 'Unknown error!'.
 */
export function apiErrorMessage(error: unknown, t: TFunction, byStatus: StatusMessages = {}): string {
  if (!isApiError(error) || error.status === 0) return t('error.unknown', { ns: 'common' })
  const byCode = CODE_MESSAGES[error.code]
  if (byCode) {
    const { key, values } = byCode(error.details)
    return t(key, { ns: 'common', ...values })
  }
  const statusKey = byStatus[error.status]
  if (statusKey) return t(statusKey, { ns: ['accounts', 'common'] })
  if (error.status >= 500) return t('error.server', { ns: 'common' })
  if (error.status === 429) return t('error.tooManyRequests', { ns: 'common' })
  return t('error.request', { ns: 'common' })
}

/** The spec's error dialog: titled 'Error', one Ok button, an error haptic. */
export function showErrorDialog(t: TFunction, message: string): Promise<string | null> {
  hapticNotification('error')
  return showDialog({
    title: t('error.title', { ns: 'common' }),
    message,
    buttons: [{ id: 'ok', text: t('action.ok', { ns: 'common' }) }],
  })
}

export function showApiErrorDialog(
  error: unknown,
  t: TFunction,
  byStatus: StatusMessages = {},
): Promise<string | null> {
  return showErrorDialog(t, apiErrorMessage(error, t, byStatus))
}
