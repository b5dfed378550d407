import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  AccountListQuerySchema,
  BscAddressSchema,
  CardNumberSchema,
  EmailVerificationConfirmBodySchema,
  IbanSchema,
  PhoneSchema,
  SignupBodySchema,
  SubmitAccountCodeBodySchema,
  SubmitAccountEmailCodeBodySchema,
  TronAddressSchema,
  toLatinDigits,
} from '../src/index.ts'

const persian = (value: string) => value.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)))
const arabicIndic = (value: string) => value.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))

describe('digits', () => {
  it('turns Persian and Arabic-Indic digits into Latin ones and leaves the rest', () => {
    expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789')
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789')
    expect(toLatinDigits('IR۰5 abc')).toBe('IR05 abc')
    // Other scripts' digits (Devanagari, full-width) are not what an Iranian keyboard types: left alone.
    expect(toLatinDigits('१２')).toBe('१２')
  })

  it.each([
    ['phone', PhoneSchema, '+989120000001'],
    ['card', CardNumberSchema, '6037991234567893'],
    ['IBAN', IbanSchema, 'IR910550012340000000123456'],
    ['TRON address', TronAddressSchema, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['BSC address', BscAddressSchema, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ])('the %s field takes Persian and Arabic-Indic digits and gives Latin ones', (_, schema, latin) => {
    const parse = (value: string) => z.parse(schema as z.ZodMiniType<string>, value)
    expect(parse(persian(latin))).toBe(latin)
    expect(parse(arabicIndic(latin))).toBe(latin)
  })

  it('so do the codes and the accounts search', () => {
    expect(z.parse(SubmitAccountCodeBodySchema, { code: '۱۲۳۴۵' })).toEqual({ code: '12345' })
    expect(z.parse(SubmitAccountEmailCodeBodySchema, { code: '١٢٣٤٥٦' })).toEqual({ code: '123456' })
    expect(
      z.parse(SignupBodySchema, { sessionId: 's', phoneNumber: '+۹۸۹۱۲۰۰۰۰۰۲۰', phoneCode: '۱۲۳۴۵' }),
    ).toEqual({ sessionId: 's', phoneNumber: '+989120000020', phoneCode: '12345' })
    expect(z.parse(EmailVerificationConfirmBodySchema, { email: 'a@example.com', code: '۰۱۲۳۴' })).toEqual({
      email: 'a@example.com',
      code: '01234',
    })
    expect(z.parse(AccountListQuerySchema, { search: ' ۰۰۰۸ ' })).toMatchObject({ search: '0008' })
  })
})
