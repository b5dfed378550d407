import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  AccountListQuerySchema,
  RegisterBodySchema,
  SubmitAccountPhoneBodySchema,
  TelegramAuthorizeBodySchema,
  V,
} from '../src/index.ts'

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message

describe('contract schemas', () => {
  it('accepts a telegram authorize body and refuses an empty one', () => {
    expect(TelegramAuthorizeBodySchema.safeParse({ initData: 'a=1&hash=x' }).success).toBe(true)
    expect(firstMessage(TelegramAuthorizeBodySchema.safeParse({ initData: '' }))).toBe(V.initDataRequired)
    expect(TelegramAuthorizeBodySchema.safeParse({ initData: 'x', referralCode: 'bad code!' }).success).toBe(
      false,
    )
  })

  it('gives the spec messages for phone numbers', () => {
    expect(firstMessage(SubmitAccountPhoneBodySchema.safeParse({ phone: '', submitType: 'login' }))).toBe(
      V.phoneRequired,
    )
    expect(firstMessage(SubmitAccountPhoneBodySchema.safeParse({ phone: '123', submitType: 'login' }))).toBe(
      V.phoneInvalid,
    )
    expect(
      SubmitAccountPhoneBodySchema.safeParse({ phone: '+989121234567', submitType: 'register' }).success,
    ).toBe(true)
  })

  it('takes phone numbers as people type them: spaces, dashes, dots, brackets, 00, a leading 0; 6 to 16 digits', () => {
    const verdict = (phone: string) =>
      SubmitAccountPhoneBodySchema.safeParse({ phone, submitType: 'login' }).success
    for (const phone of [
      '+98 912 000 0001',
      '+44 7700 900123',
      '0912-000-0001',
      '0098 912 000 0001',
      '(201) 555.0101',
      '912 000 0001',
      '\u2066+98 912 000 0001\u2069',
      '۰۹۱۲ ۰۰۰ ۰۰۰۱',
    ])
      expect(verdict(phone), phone).toBe(true)
    for (const phone of ['98+912 000 0001', '0912 abc 0001', '+98 912 000 0001 0000 0', '12 34 5', '+ '])
      expect(verdict(phone), phone).toBe(false)
    expect(
      SubmitAccountPhoneBodySchema.safeParse({ phone: '0912', country: 'iran', submitType: 'login' }).success,
    ).toBe(false)
  })

  it('requires matching passwords on register', () => {
    const r = RegisterBodySchema.safeParse({
      email: 'a@b.co',
      password: 'secret1',
      passwordRetype: 'secret2',
    })
    expect(firstMessage(r)).toBe(V.retypeMismatch)
  })

  it('parses JSON query parameters and refuses malformed ones', () => {
    const ok = AccountListQuerySchema.parse({
      filters: '{"status":"pending","noInvoice":true}',
      sorts: '[{"model":"Account","field":"created_at","direction":"desc"}]',
    })
    expect(ok.filters).toEqual({ status: 'pending', noInvoice: true })
    expect(ok.size).toBe(24)
    expect(AccountListQuerySchema.safeParse({ filters: '{not json' }).success).toBe(false)
    expect(AccountListQuerySchema.safeParse({ filters: '{"status":"nope"}' }).success).toBe(false)
    expect(AccountListQuerySchema.safeParse({ search: '123456789012345' }).success).toBe(false)
  })

  it('has an English text for every validation message key', () => {
    const en = JSON.parse(readFileSync(new URL('../../../locales/en/common.json', import.meta.url), 'utf8'))
    for (const key of Object.values(V)) expect(en[key], key).toBeTypeOf('string')
  })
})
