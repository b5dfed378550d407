/** Every branch of the login and sign-up flows (spec sections 4, 5, 8), reached through the sandbox. */
import {
  AccountSchema,
  AuthSessionSchema,
  CodeStepResponseSchema,
  EmailCodeSentResponseSchema,
  SignupResponseSchema,
  SubmitAccountPhoneResponseSchema,
} from '@app/contract'
import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accounts, orders, users } from '#db/schema.ts'
import {
  SANDBOX_EMAIL_CODE,
  SANDBOX_FLOOD_EMAIL,
  SANDBOX_GOOD_EMAIL,
  SANDBOX_LOGIN_CODE,
  SANDBOX_PASSWORD,
  SANDBOX_REFUSED_EMAIL,
} from '#providers/sandbox/scenarios.ts'
import { newUser, ordinaryPhone, submitOrdinaryAccount } from '../helpers/accounts.ts'
import { buildAppOn, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { setSetting } from '../helpers/settings.ts'

const PHONE = '/telegram/submit-account-phone'
const CODE = '/telegram/submit-account-code'
const PASSWORD = '/telegram/submit-account-password'
const EMAIL = '/telegram/submit-account-email'
const EMAIL_CODE = '/telegram/submit-account-email-code'
const RESEND = '/telegram/resend-code'
const SUBMIT = '/telegram/submit-account'
/** The sandbox's 2FA scenario (providers/sandbox/scenarios.ts). */
const TWO_FACTOR_PHONE = '+989120000002'

const errorOf = (r: { statusCode: number; json(): unknown }) => ({
  status: r.statusCode,
  ...(r.json() as { code: string }),
})

describe.each(DATABASE_KINDS)('account submission on %s', (kind) => {
  const t = useTestApp(kind)
  /** The 2FA scenario's one number, free again whichever of its tests ran before (an account takes a number). */
  const freeTwoFactorNumber = () => t.database.db.delete(accounts).where(eq(accounts.phone, TWO_FACTOR_PHONE))

  it('login: phone -> code -> submit-account creates a pending account', async () => {
    const { post } = await newUser(t.app)
    const phone = ordinaryPhone()
    const sent = await post(PHONE, { phone: phone.slice(1), submitType: 'login' })
    expect(sent.statusCode).toBe(200)
    expect(SubmitAccountPhoneResponseSchema.parse(sent.json())).toEqual({
      phone,
      // The lists' format ('+98 935 xxx xxxx'), so the code screen reads the same number the same way.
      formattedPhone: `+98 935 ${phone.slice(6, 9)} ${phone.slice(9)}`,
      sentCodeInfo: { codeType: 'app', nextType: 'sms', length: 5, timeout: 10 },
    })
    expect((await post(CODE, { code: SANDBOX_LOGIN_CODE })).json()).toEqual({ ready: true })
    const before = Math.floor(Date.now() / 1000)
    const submitted = await post(SUBMIT)
    expect(submitted.statusCode).toBe(200)
    const account = AccountSchema.parse(submitted.json())
    expect(account).toMatchObject({
      phone,
      country: 'IR',
      flag: '/flags/IR.svg',
      price: 1.5,
      net: 1.5,
      status: 'pending',
      validationStatus: 'pending',
      limitStatus: 'pending',
      submitType: 'login',
      invoice_id: null,
    })
    expect(account.formattedPhone).toMatch(/^\+98 935 /)
    // The demo validation delay is 30 s.
    expect(account.validationAt).toBeGreaterThanOrEqual(before + 29)
    expect(account.validationAt).toBeLessThanOrEqual(before + 32)
    // The flow is consumed: submitting again finds nothing; the phone is now taken.
    expect(errorOf(await post(SUBMIT))).toMatchObject({ status: 404, code: 'FLOW_NOT_FOUND' })
    expect(errorOf(await post(PHONE, { phone, submitType: 'login' }))).toMatchObject({
      status: 409,
      code: 'DUPLICATE_ENTRY',
    })
  })

  it('2FA: the code answers 303 PASSWORD_REQUIRED, a wrong password 400, the right one completes', async () => {
    await freeTwoFactorNumber()
    const { post } = await newUser(t.app)
    await post(PHONE, { phone: TWO_FACTOR_PHONE, submitType: 'login' })
    expect(errorOf(await post(CODE, { code: SANDBOX_LOGIN_CODE }))).toMatchObject({
      status: 303,
      code: 'PASSWORD_REQUIRED',
    })
    expect(errorOf(await post(SUBMIT))).toMatchObject({ status: 404 })
    expect(errorOf(await post(PASSWORD, { password: 'wrong' }))).toMatchObject({
      status: 400,
      code: 'INVALID_PASSWORD',
      details: { attemptsLeft: 4 },
    })
    expect((await post(PASSWORD, { password: SANDBOX_PASSWORD })).json()).toEqual({ ready: true })
    expect((await post(SUBMIT)).statusCode).toBe(200)
  })

  it('2FA: a password sent with the code is used at once', async () => {
    await freeTwoFactorNumber()
    const { post } = await newUser(t.app)
    await post(PHONE, { phone: TWO_FACTOR_PHONE, submitType: 'login' })
    const response = await post(CODE, { code: SANDBOX_LOGIN_CODE, password: SANDBOX_PASSWORD })
    expect(response.json()).toEqual({ ready: true })
    expect((await post(SUBMIT)).statusCode).toBe(200)
  })

  it('invalid code: 400 INVALID_CODE with attempts left; after five the flow is closed', async () => {
    const { post } = await newUser(t.app)
    await post(PHONE, { phone: ordinaryPhone(), submitType: 'login' })
    for (let left = 4; left >= 0; left -= 1) {
      expect(errorOf(await post(CODE, { code: '00000' }))).toMatchObject({
        status: 400,
        code: 'INVALID_CODE',
        details: { attemptsLeft: left },
      })
    }
    // Closed, and it says so (code-session-ended.test.ts).
    expect(errorOf(await post(CODE, { code: SANDBOX_LOGIN_CODE }))).toMatchObject({
      status: 410,
      code: 'FLOW_ENDED',
    })
  })

  it('login email: setup_email_required -> email -> email code -> code by SMS', async () => {
    const { post } = await newUser(t.app)
    const sent = await post(PHONE, { phone: '+989120000003', submitType: 'login' })
    expect(sent.json()).toMatchObject({ sentCodeInfo: { codeType: 'setup_email_required', nextType: null } })
    // A code before the email is the wrong step.
    expect(errorOf(await post(CODE, { code: SANDBOX_LOGIN_CODE }))).toMatchObject({
      status: 400,
      code: 'UNEXPECTED_CODE_TYPE',
    })
    expect(errorOf(await post(EMAIL, { email: SANDBOX_REFUSED_EMAIL }))).toMatchObject({
      status: 400,
      code: 'EMAIL_NOT_ACCEPTABLE',
    })
    expect(errorOf(await post(EMAIL, { email: 'a@unknown.test' }))).toMatchObject({
      status: 400,
      code: 'EMAIL_DOMAIN_NOT_ACCEPTABLE',
      details: { allowedDomains: ['gmail.com', 'outlook.com', 'example.com'] },
    })
    expect(errorOf(await post(EMAIL, { email: SANDBOX_FLOOD_EMAIL }))).toMatchObject({
      status: 429,
      code: 'EMAIL_FLOOD',
      details: { wait: 60 },
    })
    expect(errorOf(await post(EMAIL, { email: 'not an email' }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'email: Email is invalid',
    })
    const chosen = await post(EMAIL, { email: SANDBOX_GOOD_EMAIL })
    expect(EmailCodeSentResponseSchema.parse(chosen.json())).toEqual({
      email: SANDBOX_GOOD_EMAIL,
      emailCode: { length: 6 },
    })
    expect(errorOf(await post(EMAIL_CODE, { code: '000000' }))).toMatchObject({
      status: 400,
      code: 'INVALID_CODE',
    })
    const code = await post(EMAIL_CODE, { code: SANDBOX_EMAIL_CODE })
    expect(CodeStepResponseSchema.parse(code.json())).toEqual({
      phone: '+989120000003',
      formattedPhone: '+98 912 000 0003',
      sentCodeInfo: { codeType: 'sms', nextType: 'call', length: 5, timeout: 10 },
    })
    expect((await post(CODE, { code: SANDBOX_LOGIN_CODE })).json()).toEqual({ ready: true })
    expect((await post(SUBMIT)).statusCode).toBe(200)
  })

  it.each([
    ['+989120000006', 406, 'PHONE_NUMBER_BLACKLISTED', undefined],
    ['+989120000007', 409, 'DUPLICATE_ENTRY', undefined],
    ['+989120000008', 422, 'INVALID_PHONE_NUMBER', undefined],
    ['+989120000009', 429, 'ACTION_WAIT_REQUIRED_ERROR', { wait: 120 }],
    ['+98912000', 422, 'INVALID_PHONE_NUMBER', undefined],
    ['+33612345678', 404, 'ORDER_UNAVAILABLE', { reason: 'no_order', country: 'FR' }],
    ['+4915120000001', 404, 'ORDER_UNAVAILABLE', { reason: 'closed', country: 'DE' }],
    ['+919876500001', 404, 'ORDER_UNAVAILABLE', { reason: 'capacity', country: 'IN' }],
  ])('phone %s answers %i %s', async (phone, status, code, details) => {
    const { post } = await newUser(t.app)
    const error = errorOf(await post(PHONE, { phone, submitType: 'login' }))
    expect(error).toMatchObject({ status, code, ...(details ? { details } : {}) })
    if ((details as { reason?: string } | undefined)?.reason === 'capacity')
      expect(error).toMatchObject({ message: 'Capacity is Completed 🙌.' })
  })

  it('phone validation messages (spec section 5)', async () => {
    const { post } = await newUser(t.app)
    expect(errorOf(await post(PHONE, { phone: '', submitType: 'login' }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^phone: Phone number required/),
    })
    expect(errorOf(await post(PHONE, { phone: '12345', submitType: 'login' }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^phone: Please enter a valid phone number/),
    })
    expect(errorOf(await post(CODE, { code: '' }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^code: OTP code required/),
    })
  })

  it('resend: SMS then call, then no next type (400 CODE_TYPE_NOT_ACCEPTABLE)', async () => {
    const { post } = await newUser(t.app)
    await post(PHONE, { phone: ordinaryPhone(), submitType: 'login' })
    const sms = await post(RESEND)
    expect(sms.json()).toMatchObject({ sentCodeInfo: { codeType: 'sms', nextType: 'call' } })
    const call = await post(RESEND)
    expect(call.json()).toMatchObject({ sentCodeInfo: { codeType: 'call', nextType: null, timeout: null } })
    expect(errorOf(await post(RESEND))).toMatchObject({ status: 400, code: 'CODE_TYPE_NOT_ACCEPTABLE' })
    expect((await post(CODE, { code: SANDBOX_LOGIN_CODE })).json()).toEqual({ ready: true })
  })

  it.each([
    ['+989120000011', 'sms', 'call'],
    ['+989120000012', 'call', 'app'],
    ['+989120000013', 'sms', null],
  ])('code types of %s: %s, next %s', async (phone, codeType, nextType) => {
    const { post } = await newUser(t.app)
    expect((await post(PHONE, { phone, submitType: 'login' })).json()).toMatchObject({
      sentCodeInfo: { codeType, nextType },
    })
    if (nextType !== null) {
      expect((await post(RESEND)).json()).toMatchObject({ sentCodeInfo: { codeType: nextType } })
    }
  })

  it('resend answering 503 SERVICE_UNAVAILABLE; resend without a flow is 404', async () => {
    const { post } = await newUser(t.app)
    expect(errorOf(await post(RESEND))).toMatchObject({ status: 404, code: 'FLOW_NOT_FOUND' })
    await post(PHONE, { phone: '+989120000010', submitType: 'login' })
    expect(errorOf(await post(RESEND))).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' })
  })

  it('a new phone submission replaces the flow (one active login flow per user)', async () => {
    await freeTwoFactorNumber()
    const { post } = await newUser(t.app)
    expect((await post(PHONE, { phone: TWO_FACTOR_PHONE, submitType: 'login' })).statusCode).toBe(200)
    const phone = ordinaryPhone()
    await post(PHONE, { phone, submitType: 'login' })
    expect((await post(CODE, { code: SANDBOX_LOGIN_CODE })).json()).toEqual({ ready: true })
    expect((await post(SUBMIT)).json()).toMatchObject({ phone })
  })

  it('submit-account: 409 when the phone got an account meanwhile; two racing submits create one', async () => {
    const a = await newUser(t.app)
    const b = await newUser(t.app)
    const phone = ordinaryPhone()
    for (const u of [a, b]) {
      await u.post(PHONE, { phone, submitType: 'login' })
      await u.post(CODE, { code: SANDBOX_LOGIN_CODE })
    }
    const [first, again] = await Promise.all([a.post(SUBMIT), a.post(SUBMIT)])
    expect([first.statusCode, again.statusCode].sort()).toEqual([200, 404])
    expect(errorOf(await b.post(SUBMIT))).toMatchObject({ status: 409, code: 'DUPLICATE_ENTRY' })
  })

  it('user flags: 403 ACCOUNT_SUBMIT_FORBIDDEN for login without canAddAccount, register without canRegisterAccount', async () => {
    const u = await newUser(t.app)
    await t.database.db
      .update(users)
      .set({ canAddAccount: false, canRegisterAccount: false })
      .where(eq(users.telegramId, u.telegramId))
    for (const submitType of ['login', 'register']) {
      expect(errorOf(await u.post(PHONE, { phone: ordinaryPhone(), submitType }))).toMatchObject({
        status: 403,
        code: 'ACCOUNT_SUBMIT_FORBIDDEN',
        details: { submitType },
      })
    }
    expect(
      errorOf(await u.post('/telegram/auth/send-code', { phoneNumber: ordinaryPhone(), purpose: 'signup' })),
    ).toMatchObject({
      status: 403,
    })
    await t.database.db
      .update(users)
      .set({ canRegisterAccount: true })
      .where(eq(users.telegramId, u.telegramId))
    const account = await submitOrdinaryAccount(u.post, ordinaryPhone(), 'register')
    expect(account).toMatchObject({ submitType: 'register' })
  })

  it('the global order switch and capacity: closed refuses, capacity is taken per account', async () => {
    const { post } = await newUser(t.app)
    await setSetting(t.database.db, 'order_open', false)
    try {
      expect(errorOf(await post(PHONE, { phone: ordinaryPhone(), submitType: 'login' }))).toMatchObject({
        status: 404,
        code: 'ORDER_UNAVAILABLE',
        details: { reason: 'orders_closed' },
      })
    } finally {
      await setSetting(t.database.db, 'order_open', true)
    }
    // Capacity 1: the account takes it; a second flow that was started meanwhile is refused at submit.
    await t.database.db.update(orders).set({ capacity: 1 }).where(eq(orders.country, 'US'))
    const other = await newUser(t.app)
    await post(PHONE, { phone: '+12015550101', submitType: 'login' })
    await post(CODE, { code: SANDBOX_LOGIN_CODE })
    await other.post(PHONE, { phone: '+12015550102', submitType: 'login' })
    await other.post(CODE, { code: SANDBOX_LOGIN_CODE })
    expect((await post(SUBMIT)).statusCode).toBe(200)
    expect(errorOf(await other.post(SUBMIT))).toMatchObject({
      status: 404,
      code: 'ORDER_UNAVAILABLE',
      details: { reason: 'capacity' },
    })
    const [us] = await t.database.db.select().from(orders).where(eq(orders.country, 'US'))
    expect(us?.capacity).toBe(0)
    await t.database.db.update(orders).set({ capacity: 10_000 }).where(eq(orders.country, 'US'))
  })

  it('capacity raced: of four flows submitted at once with capacity 2, two become accounts, two are refused and write nothing', async () => {
    const phones = ['+12015550111', '+12015550112', '+12015550113', '+12015550114']
    const racers = await Promise.all(phones.map(() => newUser(t.app)))
    for (const [i, u] of racers.entries()) {
      await u.post(PHONE, { phone: phones[i], submitType: 'login' })
      await u.post(CODE, { code: SANDBOX_LOGIN_CODE })
    }
    await t.database.db.update(orders).set({ capacity: 2 }).where(eq(orders.country, 'US'))
    try {
      const answers = await Promise.all(racers.map((u) => u.post(SUBMIT)))
      const refused = answers.filter((r) => r.statusCode !== 200).map(errorOf)
      expect(refused).toEqual([
        expect.objectContaining({ status: 404, code: 'ORDER_UNAVAILABLE' }),
        expect.objectContaining({ status: 404, code: 'ORDER_UNAVAILABLE' }),
      ])
      const [us] = await t.database.db.select().from(orders).where(eq(orders.country, 'US'))
      expect(us?.capacity).toBe(0)
      const written = await t.database.db
        .select({ phone: accounts.phone })
        .from(accounts)
        .where(inArray(accounts.phone, phones))
      expect(written).toHaveLength(2)
    } finally {
      await t.database.db.update(orders).set({ capacity: 10_000 }).where(eq(orders.country, 'US'))
    }
  })

  // Needs a second connection to hold the order's row lock (PGlite has one).
  if (kind === 'postgres')
    it('a price changed while a submit waits for the order: the account earns the price its capacity was taken at', async () => {
      const { post } = await newUser(t.app)
      await post(PHONE, { phone: '+12015550121', submitType: 'login' })
      await post(CODE, { code: SANDBOX_LOGIN_CODE })
      const [before] = await t.database.db.select().from(orders).where(eq(orders.country, 'US'))
      const raised = (before?.price ?? 0n) + 250_000n
      let submitted: ReturnType<typeof post> | undefined
      await t.database.db.transaction(async (tx) => {
        await tx.select().from(orders).where(eq(orders.country, 'US')).for('update')
        submitted = post(SUBMIT)
        await expect
          .poll(async () => {
            const waiting = (await t.database.db.execute(
              sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%"capacity" - 1%'`,
            )) as { rows: unknown[] }
            return waiting.rows.length
          })
          .toBe(1)
        await tx.update(orders).set({ price: raised }).where(eq(orders.country, 'US'))
      })
      try {
        const account = AccountSchema.parse((await submitted)?.json())
        const expected = Number(raised) / 1e6
        expect(account).toMatchObject({ price: expected, net: expected })
        const [stored] = await t.database.db.select().from(accounts).where(eq(accounts.phone, '+12015550121'))
        expect([stored?.price, stored?.net]).toEqual([raised, raised])
      } finally {
        await t.database.db.update(orders).set({ price: before?.price }).where(eq(orders.country, 'US'))
      }
    })

  it('code sends are limited per phone and per user: 429 ACTION_WAIT_REQUIRED_ERROR with a wait', async () => {
    const limited = await buildAppOn(t, {
      config: { codeSendLimits: { perPhone: 2, perUser: 3, windowSeconds: 3600 } },
    })
    try {
      const { post } = await newUser(limited)
      const phone = ordinaryPhone()
      expect((await post(PHONE, { phone, submitType: 'login' })).statusCode).toBe(200)
      expect((await post(RESEND)).statusCode).toBe(200)
      const error = errorOf(await post(RESEND))
      expect(error).toMatchObject({ status: 429, code: 'ACTION_WAIT_REQUIRED_ERROR' })
      const wait = (error as unknown as { details: { wait: number } }).details.wait
      expect(wait).toBeGreaterThan(3500)
      expect(wait).toBeLessThanOrEqual(3600)
      // The user's own limit (3) is reached by now on any number.
      expect(errorOf(await post(PHONE, { phone: ordinaryPhone(), submitType: 'login' }))).toMatchObject({
        status: 429,
      })
    } finally {
      await limited.close()
    }
  })

  it('steps need a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: SUBMIT })
    expect(response.statusCode).toBe(401)
  })
})

describe.each(DATABASE_KINDS)('sign-up on %s', (kind) => {
  const t = useTestApp(kind)
  const SEND = '/telegram/auth/send-code'

  it('send-code -> resend -> signup creates a register account', async () => {
    const u = await newUser(t.app)
    const phoneNumber = '+989120000020'
    const sent = await u.post(SEND, { phoneNumber, purpose: 'signup' })
    expect(sent.statusCode).toBe(200)
    const session = AuthSessionSchema.parse(sent.json())
    expect(session).toMatchObject({
      phoneNumber,
      formattedPhone: '+98 912 000 0020',
      sentCode: {
        type: { '@type': 'authenticationCodeTypeSms', length: 5 },
        nextType: { '@type': 'authenticationCodeTypeCall' },
        timeout: 10,
      },
    })
    const ref = { sessionId: session.sessionId, phoneNumber }
    const resent = AuthSessionSchema.parse((await u.post('/telegram/auth/resend-code', ref)).json())
    expect(resent.sentCode?.type['@type']).toBe('authenticationCodeTypeCall')
    expect(errorOf(await u.post('/telegram/auth/signup', { ...ref, phoneCode: '11111' }))).toMatchObject({
      status: 400,
      code: 'INVALID_CODE',
    })
    const signed = await u.post('/telegram/auth/signup', { ...ref, phoneCode: SANDBOX_LOGIN_CODE })
    expect(signed.statusCode).toBe(200)
    expect(SignupResponseSchema.parse(signed.json())).toEqual({
      phoneNumber,
      firstName: 'Sandbox',
      lastName: 'User 0020',
    })
    const list = await u.get('/accounts')
    expect(list.json()).toMatchObject({ items: [{ phone: phoneNumber, submitType: 'register' }] })
  })

  it('with a login email: setup-login-email -> verify-login-email -> signup', async () => {
    const u = await newUser(t.app)
    const phoneNumber = '+989120000003'
    const session = AuthSessionSchema.parse((await u.post(SEND, { phoneNumber, purpose: 'signup' })).json())
    expect(session.sentCode?.type['@type']).toBe('authenticationCodeTypeSetUpEmailRequired')
    const ref = { sessionId: session.sessionId, phoneNumber }
    expect(
      errorOf(await u.post('/telegram/auth/setup-login-email', { ...ref, email: 'x@nope.test' })),
    ).toMatchObject({
      status: 400,
      code: 'EMAIL_DOMAIN_NOT_ACCEPTABLE',
    })
    const emailSent = AuthSessionSchema.parse(
      (await u.post('/telegram/auth/setup-login-email', { ...ref, email: SANDBOX_GOOD_EMAIL })).json(),
    )
    expect(emailSent.sentEmailCode).toEqual({ length: 6 })
    const verified = await u.post('/telegram/auth/verify-login-email', { ...ref, code: SANDBOX_EMAIL_CODE })
    const verifiedSession = AuthSessionSchema.parse(verified.json())
    expect(verifiedSession.sentCode?.type['@type']).toBe('authenticationCodeTypeSms')
    expect(verifiedSession.emailVerifiedLogin).toBeTruthy()
    const signed = await u.post('/telegram/auth/signup', { ...ref, phoneCode: SANDBOX_LOGIN_CODE })
    expect(signed.json()).toMatchObject({ phoneNumber, firstName: 'Sandbox' })
  })

  it('app code type is answered as is (the mini-app shows an alert); errors as for login', async () => {
    const u = await newUser(t.app)
    const session = AuthSessionSchema.parse(
      (await u.post(SEND, { phoneNumber: '+989120000021', purpose: 'signup' })).json(),
    )
    expect(session.sentCode?.type['@type']).toBe('authenticationCodeTypeTelegramMessage')
    expect(errorOf(await u.post(SEND, { phoneNumber: '+989120000006', purpose: 'signup' }))).toMatchObject({
      status: 406,
      code: 'PHONE_NUMBER_BLACKLISTED',
    })
    expect(
      errorOf(
        await u.post('/telegram/auth/resend-code', {
          sessionId: session.sessionId,
          phoneNumber: '+989120000020',
        }),
      ),
    ).toMatchObject({ status: 404, code: 'RESOURCE_NOT_FOUND' })
    expect(
      errorOf(
        await u.post('/telegram/auth/resend-code', { sessionId: 'garbage', phoneNumber: '+989120000021' }),
      ),
    ).toMatchObject({ status: 404, code: 'RESOURCE_NOT_FOUND', details: { resource: 'session' } })
    // Another user cannot continue this session.
    const other = await newUser(t.app)
    expect(
      errorOf(
        await other.post('/telegram/auth/resend-code', {
          sessionId: session.sessionId,
          phoneNumber: '+989120000021',
        }),
      ),
    ).toMatchObject({ status: 404 })
  })
})
