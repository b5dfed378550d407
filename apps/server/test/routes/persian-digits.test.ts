/**
 * Persian (۰-۹) and Arabic-Indic (٠-٩) digits, which Iranian keyboards type, through the real API: every field a
 * person types digits into (phone, login and sign-up codes, email codes, account search, card, IBAN, wallet
 * address) gets the answer the same value in Latin digits gets, and what is stored is Latin (docs/web.md,
 * 'Persian: one word, one digit style'). The email sign-in code has its case in email-auth.test.ts.
 */
import { AccountPageSchema, AuthSessionSchema, TransactionSchema } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { SANDBOX_EMAIL_CODE, SANDBOX_GOOD_EMAIL, SANDBOX_LOGIN_CODE } from '#providers/sandbox/scenarios.ts'
import { newUser, ordinaryPhone, userIdOf } from '../helpers/accounts.ts'
import { json, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { acceptedAccounts, openPayments, opsOf, opsOk, VALID } from '../helpers/payments.ts'

/** Latin digits as a Persian keyboard types them. */
const persian = (value: string) => value.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)))
/** ... and as an Arabic one does. */
const arabicIndic = (value: string) => value.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))

describe.each(DATABASE_KINDS)('Persian and Arabic-Indic digits on %s', (kind) => {
  const t = useTestApp(kind)

  it.each([
    ['Persian', persian],
    ['Arabic-Indic', arabicIndic],
  ])('logs in an account typed in %s digits; the search finds it in any digits', async (_, digits) => {
    const u = await newUser(t.app)
    const phone = ordinaryPhone()
    const sent = await u.post('/telegram/submit-account-phone', { phone: digits(phone), submitType: 'login' })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(json(sent)).toMatchObject({ phone })
    const code = await u.post('/telegram/submit-account-code', { code: digits(SANDBOX_LOGIN_CODE) })
    expect(code.statusCode, code.body).toBe(200)
    const submitted = await u.post('/telegram/submit-account')
    expect(submitted.statusCode, submitted.body).toBe(200)
    expect(json(submitted)).toMatchObject({ phone })

    const lastFour = phone.slice(-4)
    const search = async (text: string) => {
      const response = await u.get(`/accounts?search=${encodeURIComponent(text)}`)
      expect(response.statusCode, response.body).toBe(200)
      return AccountPageSchema.parse(response.json()).items.map((account) => account.phone)
    }
    expect(await search(lastFour)).toEqual([phone])
    expect(await search(digits(lastFour))).toEqual([phone])
    // Fourteen characters at most, counted after the digits turned Latin (each is one character either way).
    expect((await u.get(`/accounts?search=${encodeURIComponent(persian('1'.repeat(15)))}`)).statusCode).toBe(
      400,
    )
  })

  it('takes the login email code in Persian digits', async () => {
    const u = await newUser(t.app)
    await u.post('/telegram/submit-account-phone', { phone: '+989120000003', submitType: 'login' })
    await u.post('/telegram/submit-account-email', { email: SANDBOX_GOOD_EMAIL })
    const code = await u.post('/telegram/submit-account-email-code', { code: persian(SANDBOX_EMAIL_CODE) })
    expect(code.statusCode, code.body).toBe(200)
    expect(json(code)).toMatchObject({ phone: '+989120000003' })
  })

  // On a database of its own: signing up the login-email scenario's number changes how a login of it goes.
  describe('sign-up', () => {
    const own = useTestApp(kind)
    it('signs up with the number, the email code and the SMS code in Persian digits', async () => {
      const u = await newUser(own.app)
      const phoneNumber = '+989120000003'
      const sent = await u.post('/telegram/auth/send-code', {
        phoneNumber: persian(phoneNumber),
        purpose: 'signup',
      })
      expect(sent.statusCode, sent.body).toBe(200)
      const session = AuthSessionSchema.parse(sent.json())
      expect(session.phoneNumber).toBe(phoneNumber)
      const ref = { sessionId: session.sessionId, phoneNumber: persian(phoneNumber) }
      const email = await u.post('/telegram/auth/setup-login-email', { ...ref, email: SANDBOX_GOOD_EMAIL })
      expect(email.statusCode, email.body).toBe(200)
      const verified = await u.post('/telegram/auth/verify-login-email', {
        ...ref,
        code: persian(SANDBOX_EMAIL_CODE),
      })
      expect(verified.statusCode, verified.body).toBe(200)
      const signed = await u.post('/telegram/auth/signup', { ...ref, phoneCode: persian(SANDBOX_LOGIN_CODE) })
      expect(signed.statusCode, signed.body).toBe(200)
      expect(json(signed)).toMatchObject({ phoneNumber })
    })
  })

  it('pays out to a card, an IBAN and a TRON address typed in Persian digits; stores them in Latin', async () => {
    const ops = opsOf(t.app)
    await openPayments(ops)
    const u = await newUser(t.app)
    await acceptedAccounts(t.database.db, await userIdOf(t.database.db, u.telegramId), [2_500_000n])
    const created = await u.post('/invoices/request-invoice')
    expect(created.statusCode, created.body).toBe(201)
    const { uid } = json<{ uid: string }>(created)
    await opsOk(ops, 'POST', `/ops/invoices/${uid}/confirm`)

    const card = { name: 'رضا', family: 'کریمی', number: persian(VALID.card), iban: persian(VALID.iban) }
    const irt = await u.post(`/invoices/${uid}/request-payment-irt`, {
      bankCardCreate: card,
      currency: 'irt',
    })
    expect(irt.statusCode, irt.body).toBe(201)
    expect(TransactionSchema.parse(irt.json()).receiverAddress).toBe(VALID.iban)
    const cards = json<{ items: { number: string; iban: string }[] }>(await u.get('/bank-cards'))
    expect(cards.items).toMatchObject([{ number: VALID.card, iban: VALID.iban }])

    await opsOk(ops, 'POST', `/ops/transactions/${json<{ uid: string }>(irt).uid}/fail`)
    const trx = await u.post(`/invoices/${uid}/request-payment`, {
      receiverAddress: persian(VALID.tron),
      currency: 'trx',
    })
    expect(trx.statusCode, trx.body).toBe(201)
    expect(TransactionSchema.parse(trx.json()).receiverAddress).toBe(VALID.tron)
  })
})
