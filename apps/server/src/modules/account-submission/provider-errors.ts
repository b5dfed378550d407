/** Provider failures -> the answers of spec section 8 (status, contract error code, details). */
import { DomainError } from '#lib/domain-error.ts'
import { ProviderError } from '#providers/account-provider.ts'

/** `phone` is the number the call was about: a duplicate's details name it. */
export function toDomainError(error: unknown, phone: string): unknown {
  if (!(error instanceof ProviderError)) return error
  const wait = error.extra.waitSeconds
  switch (error.kind) {
    case 'phone_banned':
      return new DomainError(406, 'PHONE_NUMBER_BLACKLISTED', 'Phone number not acceptable.')
    case 'phone_invalid':
      return new DomainError(422, 'INVALID_PHONE_NUMBER', 'Invalid phone number.')
    case 'phone_taken':
      return new DomainError(409, 'DUPLICATE_ENTRY', 'An account with this phone number already exists', {
        field: 'phone',
        value: phone,
      })
    case 'flood_wait':
      return new DomainError(429, 'ACTION_WAIT_REQUIRED_ERROR', 'Too many requests.', { wait: wait ?? 60 })
    case 'unavailable':
      return new DomainError(503, 'SERVICE_UNAVAILABLE', "Can't send code!", { service: 'account provider' })
    case 'no_next_code_type':
      return new DomainError(400, 'CODE_TYPE_NOT_ACCEPTABLE', 'There is no other way to send the code')
    case 'invalid_code':
    case 'code_expired':
      return new DomainError(400, 'INVALID_CODE', 'Invalid code')
    case 'invalid_password':
      return new DomainError(400, 'INVALID_PASSWORD', 'Invalid password')
    case 'email_invalid':
      return new DomainError(400, 'EMAIL_NOT_ACCEPTABLE', 'Email not acceptable')
    case 'email_domain_not_acceptable':
      return new DomainError(400, 'EMAIL_DOMAIN_NOT_ACCEPTABLE', 'This email domain is not accepted', {
        allowedDomains: error.extra.allowedDomains ?? [],
      })
    case 'email_flood':
      return new DomainError(429, 'EMAIL_FLOOD', 'Too many emails, try again later', { wait: wait ?? 60 })
  }
}

/** Runs a provider call; its ProviderErrors leave as DomainErrors. */
export async function callProvider<T>(phone: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw toDomainError(error, phone)
  }
}
