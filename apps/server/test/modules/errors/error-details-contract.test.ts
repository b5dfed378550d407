import { ErrorDetailsSchemas } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { DomainError } from '#lib/domain-error.ts'
import { toDomainError } from '#modules/account-submission/provider-errors.ts'
import { accountExists } from '#modules/accounts/service.ts'
import { orderUnavailable } from '#modules/orders/service.ts'
import { toErrorResponse } from '#plugins/error-handler.ts'
import { ProviderError, type ProviderErrorKind } from '#providers/account-provider.ts'

const resolve = (message: string) => message

/** Every kind the provider can fail with; `satisfies` makes a new kind a compile error here until listed. */
const PROVIDER_KINDS = {
  phone_banned: {},
  phone_invalid: {},
  phone_taken: {},
  flood_wait: { waitSeconds: 3330 },
  unavailable: {},
  no_next_code_type: {},
  invalid_code: {},
  invalid_password: {},
  code_expired: {},
  email_invalid: {},
  email_domain_not_acceptable: { allowedDomains: ['gmail.com', 'outlook.com'] },
  email_flood: { waitSeconds: 90 },
} satisfies Record<ProviderErrorKind, ProviderError['extra']>

/** The answer the client gets, parsed back with the contract's schema for its code. */
function answerDetailsParse(error: unknown) {
  const { body, unexpected } = toErrorResponse(error, resolve)
  expect(unexpected).toBe(false)
  const schema = ErrorDetailsSchemas[body.code as keyof typeof ErrorDetailsSchemas]
  expect(schema, `no details schema for ${body.code}`).toBeDefined()
  return { body, parsed: schema.safeParse(body.details) }
}

describe('error details follow the contract', () => {
  it.each(Object.entries(PROVIDER_KINDS))(
    'provider failure %s answers details its code’s schema reads',
    (kind, extra) => {
      const error = toDomainError(new ProviderError(kind as ProviderErrorKind, extra), '+989121234567')
      const { parsed } = answerDetailsParse(error)
      expect(parsed.success).toBe(true)
    },
  )

  it('a refused email domain names the allowed domains under the contract’s field', () => {
    const error = toDomainError(
      new ProviderError('email_domain_not_acceptable', { allowedDomains: ['gmail.com'] }),
      '+989121234567',
    )
    expect(answerDetailsParse(error).body.details).toEqual({ allowedDomains: ['gmail.com'] })
  })

  it('a duplicate phone names the field and the number', () => {
    const fromProvider = toDomainError(new ProviderError('phone_taken'), '+989121234567')
    expect(answerDetailsParse(fromProvider).body.details).toEqual({ field: 'phone', value: '+989121234567' })
    expect(answerDetailsParse(accountExists('+989121234567')).body.details).toEqual({
      field: 'phone',
      value: '+989121234567',
    })
  })

  it('an unavailable order names its country and reason', () => {
    const { parsed } = answerDetailsParse(orderUnavailable('IR', 'capacity'))
    expect(parsed.success).toBe(true)
  })

  it('details that break the contract are dropped from the answer and reported as a bug', () => {
    // A cast is the only way past the constructor's types; the handler still holds the line.
    const broken = new DomainError(400, 'EMAIL_DOMAIN_NOT_ACCEPTABLE', 'x', {
      domains: ['gmail.com'],
    } as unknown as { allowedDomains: string[] })
    const { body, unexpected } = toErrorResponse(broken, resolve)
    expect(unexpected).toBe(true)
    expect(body.details).toBeUndefined()
    expect(body.statusCode).toBe(400)
  })
})
