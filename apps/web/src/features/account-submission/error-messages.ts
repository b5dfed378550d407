import { ErrorCode, parseErrorDetails } from '@app/contract'
import type { ApiError } from '#lib/api-error.ts'
import type { StatusMessages } from '#lib/error-message.ts'

/** Spec section 8, per call: status -> message key (accounts namespace). */
const rows = (keys: StatusMessages['keys']): StatusMessages => ({ ns: 'accounts', keys })

/**
 * Phone submit's 404 is the spec's 'Capacity is Completed 🙌.', except when the server says the country has no
 * open order at all: then the code's own text ('There are no orders for this number and country.').
 */
const capacityUnlessNoOrder = (error: ApiError) => {
  if (error.code !== ErrorCode.ORDER_UNAVAILABLE) return 'accounts.submit.error.capacity'
  const reason = parseErrorDetails(ErrorCode.ORDER_UNAVAILABLE, error.details)?.reason
  return reason === undefined || reason === 'capacity' ? 'accounts.submit.error.capacity' : undefined
}

export const PHONE_ERRORS = rows({
  404: capacityUnlessNoOrder,
  406: 'accounts.submit.error.phoneNotAcceptable',
  409: 'accounts.submit.error.phoneExists',
  422: 'accounts.submit.error.phoneInvalid',
  429: 'accounts.submit.error.tooManyRequests',
  500: 'accounts.submit.error.server',
})
export const CODE_ERRORS = rows({ 400: 'accounts.submit.error.invalidCode' })
export const EMAIL_CODE_ERRORS = rows({ 400: 'accounts.submit.error.invalidCode' })
export const EMAIL_ERRORS = rows({ 400: 'accounts.submit.error.emailNotAcceptable' })
export const PASSWORD_ERRORS = rows({ 400: 'accounts.submit.error.invalidPassword' })
export const RESEND_ERRORS = rows({
  503: 'accounts.submit.error.cantSendCode',
  500: 'accounts.submit.error.server',
})
export const SUBMIT_ACCOUNT_ERRORS = rows({
  404: 'accounts.submit.error.accountNotFound',
  409: 'accounts.submit.error.accountExists',
})
