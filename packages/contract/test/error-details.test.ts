import { describe, expect, it } from 'vitest'
import { ErrorCode, ErrorDetailsSchemas, parseErrorDetails } from '../src/index.ts'

describe('error details schemas', () => {
  it('every error code has a details schema, and no schema is for a code that does not exist', () => {
    expect(Object.keys(ErrorDetailsSchemas).sort()).toEqual(Object.values(ErrorCode).sort())
  })

  it('reads the refused email domain list under one name', () => {
    expect(parseErrorDetails('EMAIL_DOMAIN_NOT_ACCEPTABLE', { allowedDomains: ['gmail.com'] })).toEqual({
      allowedDomains: ['gmail.com'],
    })
    expect(parseErrorDetails('EMAIL_DOMAIN_NOT_ACCEPTABLE', { domains: ['gmail.com'] })).toBeUndefined()
  })

  it('a duplicate needs both its field and its value', () => {
    expect(parseErrorDetails('DUPLICATE_ENTRY', { field: 'phone' })).toBeUndefined()
    expect(parseErrorDetails('DUPLICATE_ENTRY', { field: 'phone', value: '+98912' })).toEqual({
      field: 'phone',
      value: '+98912',
    })
  })
})
