import type { StatusMessages } from '../../lib/error-message.ts'

/** Spec section 8, per call: status -> message key (accounts namespace). */
const rows = (keys: StatusMessages['keys']): StatusMessages => ({ ns: 'accounts', keys })

export const PHONE_ERRORS = rows({
  404: 'accounts.submit.error.capacity',
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
