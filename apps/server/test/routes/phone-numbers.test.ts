/**
 * Phone numbers as people type them (issue 38, item 1): the server is the authority. It takes the text as typed
 * and the country the user picked (remembered on the user; Persian users start with IR), parses it with
 * libphonenumber-js, stores E.164 and answers the international format.
 */
import { CodeStepResponseSchema, DashboardSchema } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { newUser, ordinaryPhone } from '../helpers/accounts.ts'
import { useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'

const PHONE = '/telegram/submit-account-phone'
const SEND_CODE = '/telegram/auth/send-code'

/** '+98935xxxxxxx' as the lists show it: '+98 935 xxx xxxx'. */
const formatted = (e164: string) => `+98 ${e164.slice(3, 6)} ${e164.slice(6, 9)} ${e164.slice(9)}`
/** The national number without its trunk 0: '935 xxx xxxx'. */
const local = (e164: string) => `${e164.slice(3, 6)} ${e164.slice(6, 9)} ${e164.slice(9)}`
const toPersianDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)))

const errorOf = (r: { statusCode: number; json(): unknown }) => ({
  status: r.statusCode,
  ...(r.json() as { code: string; message: string }),
})

describe.each(DATABASE_KINDS)('phone numbers as people type them on %s', (kind) => {
  const t = useTestApp(kind)

  const phoneCountryOf = async (user: Awaited<ReturnType<typeof newUser>>) =>
    DashboardSchema.parse((await user.get('/dashboard')).json()).user.phoneCountry

  it('a Persian user types the number the Iranian way: 0935…, 0098…, 935…, +98 935…, brackets, dashes, Persian digits', async () => {
    const fa = await newUser(t.app, undefined, { language_code: 'fa' })
    expect(await phoneCountryOf(fa)).toBe('IR')
    const typings = [
      (p: string) => `0${local(p)}`,
      (p: string) => `0098 ${local(p)}`,
      (p: string) => local(p).replaceAll(' ', ''),
      (p: string) => formatted(p),
      (p: string) => `(0${p.slice(3, 6)}) ${p.slice(6, 9)}-${p.slice(9)}`,
      (p: string) => toPersianDigits(`0${local(p)}`),
      // Copied from a Persian text: wrapped in a left-to-right isolate.
      (p: string) => `\u2066${formatted(p)}\u2069`,
    ]
    for (const typed of typings) {
      const phone = ordinaryPhone()
      const sent = await fa.post(PHONE, { phone: typed(phone), submitType: 'login' })
      expect(sent.statusCode, `${typed(phone)}: ${sent.body}`).toBe(200)
      expect(CodeStepResponseSchema.parse(sent.json())).toMatchObject({
        phone,
        formattedPhone: formatted(phone),
      })
    }
  })

  it("the picked country is the user's until they pick another; without one a number needs its country code", async () => {
    const en = await newUser(t.app)
    expect(await phoneCountryOf(en)).toBeNull()
    const first = ordinaryPhone()
    expect(errorOf(await en.post(PHONE, { phone: `0${local(first)}`, submitType: 'login' }))).toMatchObject({
      status: 422,
      code: 'INVALID_PHONE_NUMBER',
    })
    // The digits with their country code, as before.
    expect((await en.post(PHONE, { phone: first.slice(1), submitType: 'login' })).json()).toMatchObject({
      phone: first,
    })

    const picked = ordinaryPhone()
    const sent = await en.post(PHONE, { phone: `0${local(picked)}`, country: 'IR', submitType: 'login' })
    expect(sent.json()).toMatchObject({ phone: picked })
    expect(await phoneCountryOf(en)).toBe('IR')
    const next = ordinaryPhone()
    expect((await en.post(PHONE, { phone: `0${local(next)}`, submitType: 'login' })).json()).toMatchObject({
      phone: next,
    })

    // Sign-up picks the same way: the US, typed the American way.
    const us = await en.post(SEND_CODE, { phoneNumber: '(202) 555-0123', country: 'US', purpose: 'signup' })
    expect(us.statusCode, us.body).toBe(200)
    expect(us.json()).toMatchObject({ phoneNumber: '+12025550123', formattedPhone: '+1 202 555 0123' })
    expect(await phoneCountryOf(en)).toBe('US')
    // A '+' number is its own country, whatever was picked.
    const iranian = ordinaryPhone()
    expect((await en.post(PHONE, { phone: formatted(iranian), submitType: 'login' })).json()).toMatchObject({
      phone: iranian,
    })

    for (const country of ['ZZ', 'ir', 'IRN', '']) {
      expect(
        errorOf(await en.post(PHONE, { phone: formatted(ordinaryPhone()), country, submitType: 'login' })),
        country,
      ).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' })
    }
    expect(await phoneCountryOf(en)).toBe('US')
  })

  it("the spec's length rule counts digits, not the spaces and brackets between them", async () => {
    const en = await newUser(t.app)
    // 17 characters, 11 digits.
    expect((await en.post(PHONE, { phone: '+1 (202) 555-0124', submitType: 'login' })).json()).toMatchObject({
      phone: '+12025550124',
    })
    for (const phone of ['+98 935 123 4567 8901 2', '12 34 5', '+98 935 abc 4567', '98+935 123 4567']) {
      expect(errorOf(await en.post(PHONE, { phone, submitType: 'login' })), phone).toMatchObject({
        status: 400,
        message: expect.stringMatching(/^phone: Please enter a valid phone number/),
      })
    }
  })
})
