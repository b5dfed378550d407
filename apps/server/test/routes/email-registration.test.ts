/**
 * Who an email belongs to, which referral admits it, and which passwords it may have (issue 18, items 1, 8 and
 * 10; docs/email-auth.md): an unverified registration binds nothing and blocks nobody, a mailed code proves the
 * address for the registration that asked for it, and the user it makes or joins is the prover's; a referral
 * that stopped admitting before verification makes no user; common passwords and the email itself are refused.
 * Over HTTP on every database, codes read from a real SMTP server.
 */
import type { Dashboard, ReferralStats, TokenPair } from '@app/contract'
import { sql } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_INVITE_CODE, DEMO_REFERRAL_CODE } from '#dev/demo/demo-data.ts'
import { passwordWeakness } from '#modules/email-auth/password-strength.ts'
import { authorize, bearer, createTestApp, json, type TestApp, testConfig } from '../helpers/app.ts'
import { movableClock } from '../helpers/clock.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { emailCalls, freshEmail, wrongCode } from '../helpers/email-auth.ts'
import { freshTelegramUser } from '../helpers/init-data.ts'
import { patchUser, referralStats, userThrough } from '../helpers/referrals.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'

describe.each(DATABASE_KINDS)('email registration on %s', (kind) => {
  let t: TestApp
  let smtp: TestSmtp
  const { now: clock, later } = movableClock()

  beforeAll(async () => {
    smtp = await startSmtp()
    const base = testConfig()
    t = await createTestApp(kind, {
      config: {
        smtpUrl: smtp.url,
        emailAuth: { ...base.emailAuth, outbox: { ...base.emailAuth.outbox, pollMs: 50 } },
      },
      deps: { now: clock },
    })
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  let nextAddress = 0
  /** One person's client: its own address (the per-address limits stay out of the way). */
  const client = () =>
    emailCalls(
      () => t.app,
      () => smtp,
      undefined,
      `198.51.100.${++nextAddress}`,
    )
  const telegramUser = async () => {
    const pair = await authorize(t.app, freshTelegramUser())
    return { pair, headers: bearer(pair.accessToken), uid: decodeJwt(pair.accessToken).sub }
  }
  const dashboardOf = async (accessToken: string) =>
    json<Dashboard>(await t.app.inject({ method: 'GET', url: '/dashboard', headers: bearer(accessToken) }))
  const uidOf = (login: { statusCode: number; body: string }) => {
    expect(login.statusCode, login.body).toBe(200)
    return decodeJwt(JSON.parse(login.body).accessToken as string).sub
  }
  const usersWithEmail = async (email: string) => {
    const rows = (await t.database.db.execute(
      sql`select user_id from email_identities where email = ${email} and user_id is not null`,
    )) as { rows: unknown[] }
    return rows.rows.length
  }

  describe('an email belongs to whoever proves it', () => {
    it("the issue's attack: a Telegram user registers a stranger's address; its owner still registers it and gets a user of their own", async () => {
      const squatter = await telegramUser()
      const squatterClient = client()
      const owner = client()
      const email = freshEmail()
      const squatted = await squatterClient.registerSignedIn(email, 'squatter-pass-1', squatter.headers)
      expect(squatted.statusCode, squatted.body).toBe(201)
      // The squatter's code lands in the owner's mailbox.
      const squattersCode = await owner.codeOf(email, 1)

      // The owner is not told the address is taken (it was 409, which sent the owner to the reset).
      later(61)
      const registered = await owner.register(email, 'owner-pass-1')
      expect(registered.statusCode, registered.body).toBe(201)
      // The reset the owner then used asks for an account, and there is none yet: nothing is sent.
      const reset = await owner.requestReset(email, 'owner-pass-2')
      expect(reset.statusCode, reset.body).toBe(204)

      const ownersCode = await owner.codeOf(email, 2)
      // The squatter's registration was replaced: its code works for nobody, not even with the squatter's session.
      if (squattersCode !== ownersCode) {
        expect((await owner.confirm(email, squattersCode, squatter.headers)).statusCode).toBe(401)
      }
      expect((await owner.confirm(email, ownersCode)).statusCode).toBe(204)

      const ownerUid = uidOf(await owner.login(email, 'owner-pass-1'))
      expect(ownerUid).not.toBe(squatter.uid)
      expect((await squatterClient.login(email, 'squatter-pass-1')).statusCode).toBe(401)
      expect((await dashboardOf(squatter.pair.accessToken)).user.email).toBeNull()
      const ownersTokens = json<TokenPair>(await owner.login(email, 'owner-pass-1'))
      expect((await dashboardOf(ownersTokens.accessToken)).user.email).toBe(email)
      // This one is taken: registering it again binds nothing, and its owner is told (issue 37, F8).
      later(61)
      const again = await squatterClient.registerSignedIn(email, 'squatter-pass-1', squatter.headers)
      expect(again.statusCode).toBe(201)
      expect((await smtp.waitFor(email, 3)).subject).toBe('Someone tried to register your email')
      expect((await dashboardOf(squatter.pair.accessToken)).user.email).toBeNull()
      expect(uidOf(await owner.login(email, 'owner-pass-1'))).toBe(ownerUid)
    })

    it('a reset needs an account: an unverified registration has none (nothing sent), and its code joins nobody', async () => {
      const squatter = await telegramUser()
      const owner = client()
      const email = freshEmail()
      expect((await client().registerSignedIn(email, 'squatter-pass-1', squatter.headers)).statusCode).toBe(
        201,
      )
      const code = await owner.codeOf(email)
      const reset = await owner.requestReset(email, 'owner-pass-1')
      expect(reset.statusCode, reset.body).toBe(204)
      // No reset code was made; the registration's code is not a reset code either.
      expect((await owner.confirmReset(email, code, 'owner-pass-1')).statusCode).toBe(401)
      expect(smtp.to(email)).toHaveLength(1)
      expect(await usersWithEmail(email)).toBe(0)
      expect((await dashboardOf(squatter.pair.accessToken)).user.email).toBeNull()
    })

    it('a registration made while signed in is proven only by that signed-in user', async () => {
      const me = await telegramUser()
      const other = await telegramUser()
      const mine = client()
      const email = freshEmail()
      expect((await mine.registerSignedIn(email, 'bound-pass-1', me.headers)).statusCode).toBe(201)
      const code = await mine.codeOf(email)
      // Whoever enters the code without my session (the address's owner, if it is not me) binds nothing.
      for (const headers of [{}, other.headers]) {
        const refused = await mine.confirm(email, code, headers)
        expect(refused.statusCode, refused.body).toBe(401)
        expect(json(refused)).toMatchObject({ code: 'INVALID_CODE', message: 'Invalid OTP code' })
      }
      expect(await usersWithEmail(email)).toBe(0)
      // A token that does not work is the token's 401 (the client refreshes), not the code's.
      const stale = await mine.confirm(email, code, bearer('not-a-token'))
      expect(stale.statusCode).toBe(401)
      expect(json(stale)).toMatchObject({ code: 'UNAUTHORIZED' })
      // Those tries spent nothing: the code still works, with my session.
      expect((await mine.confirm(email, code, me.headers)).statusCode).toBe(204)
      expect(uidOf(await mine.login(email, 'bound-pass-1'))).toBe(me.uid)
      expect((await dashboardOf(me.pair.accessToken)).user.email).toBe(email)
      expect((await dashboardOf(other.pair.accessToken)).user.email).toBeNull()
    })

    it('a later registration by someone else waits beside the earlier one; the one who enters the code owns it', async () => {
      const referrer = await userThrough(t.app, t.database.db, DEMO_REFERRAL_CODE)
      const referrersCode = (await referralStats(referrer)).referralLink.code
      const first = client()
      const second = client()
      const email = freshEmail()
      expect((await first.register(email, 'first-pass-1', { referralCode: referrersCode })).statusCode).toBe(
        201,
      )
      const firstCode = await first.codeOf(email, 1)
      // Before anyone proves it, the address blocks nobody: not 409.
      later(61)
      const taken = await second.register(email, 'second-pass-1', { referralCode: DEMO_INVITE_CODE })
      expect(taken.statusCode, taken.body).toBe(201)
      const secondCode = await second.codeOf(email, 2)
      // Login before verification: each registration's own password is told to confirm (403), nobody signs in.
      for (const [calls, password] of [
        [first, 'first-pass-1'],
        [second, 'second-pass-1'],
      ] as const) {
        expect(json(await calls.login(email, password))).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' })
      }
      // The mailbox has one live code: the newest.
      if (firstCode !== secondCode) expect((await first.confirm(email, firstCode)).statusCode).toBe(401)
      later(61)
      expect((await second.post('/auth/email-verification-request', { email })).statusCode).toBe(204)
      const resent = await second.codeOf(email, 3)
      if (resent !== secondCode) expect((await second.confirm(email, secondCode)).statusCode).toBe(401)
      expect((await second.confirm(email, resent)).statusCode).toBe(204)
      // The user is the second registration's: its password, its (operator invite: no) referrer.
      expect((await first.login(email, 'first-pass-1')).statusCode).toBe(401)
      const tokens = json<TokenPair>(await second.login(email, 'second-pass-1'))
      expect((await dashboardOf(tokens.accessToken)).user.referrerTelegramId).toBeNull()
      expect(json<ReferralStats>(await referrer.get('/referrals/stats')).referralCount).toBe(0)
      // Proven, the address is taken: a new registration binds nothing and leaves the user as it is.
      later(61)
      expect((await first.register(email, 'first-pass-1', { referralCode: referrersCode })).statusCode).toBe(
        201,
      )
      expect((await first.login(email, 'first-pass-1')).statusCode).toBe(401)
      expect((await second.login(email, 'second-pass-1')).statusCode).toBe(200)
    })

    it('of concurrent registrations of one address one is taken, the others wait their minute, and one user results', async () => {
      const email = freshEmail()
      const racers = Array.from({ length: 6 }, (_, i) => ({ calls: client(), password: `racer-pass-${i}` }))
      const answers = await Promise.all(racers.map((r) => r.calls.register(email, r.password)))
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 429, 429, 429, 429, 429])
      for (const answer of answers.filter((a) => a.statusCode === 429))
        expect(json(answer)).toMatchObject({ code: 'EMAIL_FLOOD' })
      const winner = racers[answers.findIndex((a) => a.statusCode === 201)]
      const code = await winner?.calls.codeOf(email)
      // The others registered nothing: their passwords prove nothing with the code (each spends one of its 5 tries).
      for (const r of racers.filter((r) => r !== winner).slice(0, 2))
        expect((await r.calls.confirm(email, code ?? '')).statusCode).toBe(401)
      expect((await winner?.calls.confirm(email, code ?? ''))?.statusCode).toBe(204)
      const signedIn = []
      for (const r of racers)
        if ((await r.calls.login(email, r.password)).statusCode === 200) signedIn.push(r)
      expect(signedIn).toEqual([winner])
      expect(await usersWithEmail(email)).toBe(1)
    })
  })

  describe('a code proves the mailbox to whoever enters it (issue 37, N1)', () => {
    /** A user with a referral link of their own (Mallory), and that link's code. */
    const referrer = async () => {
      const user = await userThrough(t.app, t.database.db, DEMO_REFERRAL_CODE)
      return { user, code: (await referralStats(user)).referralLink.code }
    }

    it("N1 as the test ran it: Mallory registers V's pending address; V enters the newest code and owns it with V's password", async () => {
      const victim = await telegramUser()
      const v = client()
      const mallory = client()
      const malloryRef = await referrer()
      const email = freshEmail()
      const registered = await v.registerSignedIn(email, 'victim-pass-1', victim.headers)
      expect(registered.statusCode, registered.body).toBe(201)
      await v.codeOf(email, 1)
      later(61)
      // Mallory, with no session, her own password and her referral code.
      const squat = await mallory.register(email, 'mallory-pass-1', { referralCode: malloryRef.code })
      expect(squat.statusCode, squat.body).toBe(201)
      const newest = await v.codeOf(email, 2)

      const confirmed = await v.confirm(email, newest, victim.headers)
      expect(confirmed.statusCode, confirmed.body).toBe(204)
      expect((await dashboardOf(victim.pair.accessToken)).user.email).toBe(email)
      expect(uidOf(await v.login(email, 'victim-pass-1'))).toBe(victim.uid)
      // Mallory gains nothing: no login, no referral.
      const malloryLogin = await mallory.login(email, 'mallory-pass-1')
      expect(malloryLogin.statusCode, malloryLogin.body).toBe(401)
      expect((await referralStats(malloryRef.user)).referralCount).toBe(0)
      expect(await usersWithEmail(email)).toBe(1)
      // Nor does her registering it again: the address is V's.
      later(61)
      expect(
        (await mallory.register(email, 'mallory-pass-1', { referralCode: malloryRef.code })).statusCode,
      ).toBe(201)
      expect((await mallory.login(email, 'mallory-pass-1')).statusCode).toBe(401)
      expect(uidOf(await v.login(email, 'victim-pass-1'))).toBe(victim.uid)
    })

    it("a registration never replaces another person's; the owner's next registration works whoever came first", async () => {
      const victim = await telegramUser()
      const v = client()
      const mallory = client()
      const malloryRef = await referrer()
      const email = freshEmail()
      expect(
        (await mallory.register(email, 'mallory-pass-1', { referralCode: malloryRef.code })).statusCode,
      ).toBe(201)
      later(61)
      expect((await v.registerSignedIn(email, 'victim-pass-1', victim.headers)).statusCode).toBe(201)
      later(61)
      expect(
        (await mallory.register(email, 'mallory-pass-2', { referralCode: malloryRef.code })).statusCode,
      ).toBe(201)
      // Both wait, each with its own password: Mallory's registrations did not replace V's.
      expect(json(await v.login(email, 'victim-pass-1'))).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' })
      // V registers again (a new password): his own registration gives way to it, nobody else's.
      later(61)
      expect((await v.registerSignedIn(email, 'victim-pass-2', victim.headers)).statusCode).toBe(201)
      expect((await v.login(email, 'victim-pass-1')).statusCode).toBe(401)
      const newest = await v.codeOf(email, 4)
      expect((await v.confirm(email, newest, victim.headers)).statusCode).toBe(204)
      expect(uidOf(await v.login(email, 'victim-pass-2'))).toBe(victim.uid)
      for (const password of ['mallory-pass-1', 'mallory-pass-2'])
        expect((await mallory.login(email, password)).statusCode).toBe(401)
      expect((await referralStats(malloryRef.user)).referralCount).toBe(0)
    })

    it('an owner without Telegram proves with the password they set; the code alone proves nothing', async () => {
      const owner = client()
      const mallory = client()
      const malloryRef = await referrer()
      const email = freshEmail()
      expect(
        (await owner.register(email, 'owner-pass-1', { referralCode: DEMO_INVITE_CODE })).statusCode,
      ).toBe(201)
      later(61)
      expect(
        (await mallory.register(email, 'mallory-pass-1', { referralCode: malloryRef.code })).statusCode,
      ).toBe(201)
      const newest = await owner.codeOf(email, 2)
      // Entered with no credentials (no session, no password) or with someone else's: nobody's, nothing spent.
      for (const password of [null, 'wrong-pass-1']) {
        const refused = await owner.confirm(email, newest, {}, password)
        expect(refused.statusCode, refused.body).toBe(401)
        expect(json(refused)).toMatchObject({ code: 'INVALID_CODE', message: 'Invalid OTP code' })
      }
      expect(await usersWithEmail(email)).toBe(0)
      expect((await owner.confirm(email, newest)).statusCode).toBe(204)
      const tokens = json<TokenPair>(await owner.login(email, 'owner-pass-1'))
      // The owner's own referral (an operator invite: none), not Mallory's.
      expect((await dashboardOf(tokens.accessToken)).user.referrerTelegramId).toBeNull()
      expect((await mallory.login(email, 'mallory-pass-1')).statusCode).toBe(401)
      expect((await referralStats(malloryRef.user)).referralCount).toBe(0)
    })
  })

  describe('answers say nothing of whether an address is known (issue 37, F8)', () => {
    /** An address in each state: proven (its owner's client), waiting for its code, and unknown. */
    const addresses = async () => {
      const owner = client()
      const verified = freshEmail()
      expect((await owner.register(verified, 'owner-pass-1')).statusCode).toBe(201)
      expect((await owner.confirm(verified, await owner.codeOf(verified))).statusCode).toBe(204)
      const pending = freshEmail()
      expect((await client().register(pending, 'waiting-pass-1')).statusCode).toBe(201)
      await owner.codeOf(pending)
      later(61)
      return { owner, verified, pending, unknown: freshEmail() }
    }
    const mailsTo = (email: string) => smtp.to(email).map((mail) => mail.subject)

    it('register, verification and reset requests answer alike; mail goes only where it applies', async () => {
      const { owner, verified, pending, unknown } = await addresses()
      const stranger = client()
      const answers = async (email: string) => {
        const asked = [
          await stranger.post('/auth/email-verification-request', { email }),
          await stranger.requestReset(email, 'stranger-pass-1'),
        ]
        later(61) // a registration mails as the verification request did: a minute after it
        return [...asked, await stranger.register(email, 'stranger-pass-1')]
      }
      const shape = (answer: { statusCode: number; body: string }, email: string) =>
        `${answer.statusCode} ${answer.body.replace(email, '<email>')}`
      const byState = {
        verified: await answers(verified),
        pending: await answers(pending),
        unknown: await answers(unknown),
      }
      const [v, p, u] = [
        byState.verified.map((a) => shape(a, verified)),
        byState.pending.map((a) => shape(a, pending)),
        byState.unknown.map((a) => shape(a, unknown)),
      ]
      expect(v).toEqual(['204 ', '204 ', '201 {"email":"<email>"}'])
      expect(p).toEqual(v)
      expect(u).toEqual(v)
      // The owner of the proven address: a reset code, and a note that someone tried to register it; no code.
      await smtp.waitFor(verified, 3)
      expect(mailsTo(verified)).toEqual([
        'Your email confirmation code',
        'Your password reset code',
        'Someone tried to register your email',
      ])
      // The waiting address: a new code for the resend and one for the registration; no reset (no account).
      await owner.codeOf(pending, 3)
      expect(mailsTo(pending)).toEqual([
        'Your email confirmation code',
        'Your email confirmation code',
        'Your email confirmation code',
      ])
      // The unknown one: only the registration's code.
      await owner.codeOf(unknown, 1)
      expect(mailsTo(unknown)).toEqual(['Your email confirmation code'])
    })

    it("a code entered by a stranger answers alike for every address, and spends none of the owner's tries", async () => {
      const { owner, verified, pending, unknown } = await addresses()
      const stranger = client()
      const mailed = await owner.codeOf(pending)
      const tries = async (email: string) => {
        const shapes: string[] = []
        for (const password of [null, 'stranger-pass-1', 'stranger-pass-1']) {
          const answer = await stranger.confirm(email, '00000', {}, password)
          shapes.push(`${answer.statusCode} ${answer.body}`)
        }
        return shapes
      }
      const onUnknown = await tries(unknown)
      expect(onUnknown).toEqual(
        Array(3).fill(
          '401 {"statusCode":401,"code":"INVALID_CODE","message":"Invalid OTP code","details":{"attemptsLeft":5}}',
        ),
      )
      expect(await tries(verified)).toEqual(onUnknown)
      expect(await tries(pending)).toEqual(onUnknown)
      // A reset asked for by the stranger: its confirmation answers alike whether the address has an account.
      const resets = await Promise.all(
        [verified, pending, unknown].map(async (email) => {
          expect((await stranger.requestReset(email, 'stranger-pass-1')).statusCode).toBe(204)
          const answer = await stranger.confirmReset(email, '00000', 'stranger-pass-1')
          return `${answer.statusCode} ${answer.body}`
        }),
      )
      expect(resets).toEqual(
        Array(3).fill('401 {"statusCode":401,"code":"INVALID_CODE","message":"Invalid code provided"}'),
      )
      // The owner's code still has every try: one wrong, then the right one.
      const wrong = await owner.confirm(pending, mailed === '00000' ? '11111' : '00000', {}, 'waiting-pass-1')
      expect(json(wrong)).toMatchObject({ code: 'INVALID_CODE', details: { attemptsLeft: 4 } })
      expect((await owner.confirm(pending, mailed, {}, 'waiting-pass-1')).statusCode).toBe(204)
    })

    it('a flood is a flood whatever the address: the second request within a minute waits', async () => {
      const { verified, pending, unknown } = await addresses()
      const stranger = client()
      for (const email of [verified, pending, unknown]) {
        for (const ask of [
          () => stranger.post('/auth/email-verification-request', { email }),
          () => stranger.requestReset(email, 'stranger-pass-1'),
        ]) {
          expect((await ask()).statusCode, email).toBeLessThan(300)
          const again = await ask()
          expect(again.statusCode, `${email}: ${again.body}`).toBe(429)
          expect(json(again)).toMatchObject({ code: 'EMAIL_FLOOD', details: { wait: expect.any(Number) } })
        }
      }
    })
  })

  describe('a revoked code admits nobody', () => {
    /** A referrer who may refer, and a registration through their code, its code mailed. */
    const registeredThroughReferrer = async () => {
      const referrer = await userThrough(t.app, t.database.db, DEMO_REFERRAL_CODE)
      const code = (await referralStats(referrer)).referralLink.code
      const calls = client()
      const email = freshEmail()
      expect((await calls.register(email, 'joiner-pass-1', { referralCode: code })).statusCode).toBe(201)
      return { referrer, calls, email, mailed: await calls.codeOf(email) }
    }

    it('a registration whose referral code was revoked before verification makes no user (406)', async () => {
      const { referrer, calls, email, mailed } = await registeredThroughReferrer()
      expect((await referrer.post('/referral-links/refresh')).statusCode).toBeLessThan(300)
      const refused = await calls.confirm(email, mailed)
      expect(refused.statusCode, refused.body).toBe(406)
      expect(json(refused)).toMatchObject({ code: 'REFERRAL_REQUIRED' })
      expect(await usersWithEmail(email)).toBe(0)
      expect(json(await calls.login(email, 'joiner-pass-1'))).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' })
      expect((await referralStats(referrer)).referralCount).toBe(0)
      // With the live code the same person gets in.
      later(61)
      const live = (await referralStats(referrer)).referralLink.code
      expect((await calls.register(email, 'joiner-pass-1', { referralCode: live })).statusCode).toBe(201)
      expect((await calls.confirm(email, await calls.codeOf(email, 2))).statusCode).toBe(204)
      expect((await referralStats(referrer)).referralCount).toBe(1)
    })

    it('a referrer who lost canReferrer admits nobody at verification; given back, the same code completes', async () => {
      const { referrer, calls, email, mailed } = await registeredThroughReferrer()
      expect((await patchUser(t.app, referrer.telegramId, { canReferrer: false })).statusCode).toBe(200)
      expect((await calls.confirm(email, mailed)).statusCode).toBe(406)
      expect(await usersWithEmail(email)).toBe(0)
      expect((await patchUser(t.app, referrer.telegramId, { canReferrer: true })).statusCode).toBe(200)
      // The refusal spent neither the code nor a try.
      expect((await calls.confirm(email, wrongCode(mailed))).statusCode).toBe(401)
      expect((await calls.confirm(email, mailed)).statusCode).toBe(204)
      expect((await referralStats(referrer)).referralCount).toBe(1)
    })
  })

  describe('passwords', () => {
    const refusals = async (
      send: (password: string) => Promise<{ statusCode: number; body: string }>,
      field: string,
      email: string,
    ) => {
      for (const common of ['123456', 'password', 'Qwerty123', 'iloveyou', 'football1']) {
        const answer = await send(common)
        expect(answer.statusCode, `${common}: ${answer.body}`).toBe(400)
        expect(JSON.parse(answer.body)).toMatchObject({
          code: 'PASSWORD_TOO_COMMON',
          message: 'This password is too common: choose another',
        })
      }
      for (const same of [email, email.toUpperCase(), email.split('@')[0] ?? '']) {
        const answer = await send(same)
        expect(answer.statusCode, same).toBe(400)
        expect(JSON.parse(answer.body)).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: `${field}: Password must not be your email`,
        })
      }
      const long = await send('p'.repeat(129))
      expect(long.statusCode).toBe(400)
      expect(JSON.parse(long.body)).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `${field}: Password must be at most 128 characters`,
      })
      // The spec's minimum and its message stay.
      expect(JSON.parse((await send('abc12')).body)).toMatchObject({
        message: `${field}: Password must be at least 6 characters`,
      })
    }

    it("scores with zxcvbn's dictionaries and patterns; the email's own words count as known", async () => {
      for (const common of ['123456', 'password', 'qwerty123']) {
        expect(await passwordWeakness(common, [])).toMatchObject({ common: true })
      }
      expect(await passwordWeakness('first-pass-1', [])).toBeUndefined()
      expect(
        await passwordWeakness('ada-lovelace', ['ada.lovelace@example.com', 'ada.lovelace']),
      ).toBeDefined()
    })

    it('refuses repeats, sequences and keyboard walks, with the reason and what to do (issue 37, F9)', async () => {
      const calls = client()
      const email = freshEmail()
      const weak: Record<string, string> = {
        aaaaaa: 'simpleRepeat',
        abcdef: 'sequences',
        '987654321': 'similarToCommon',
        '111111111111': 'simpleRepeat',
        '      ': 'simpleRepeat',
        'zxcvbnm,./': 'straightRow',
      }
      for (const [password, warning] of Object.entries(weak)) {
        for (const answer of [
          await calls.register(email, password),
          await calls.requestReset(email, password),
        ]) {
          expect(answer.statusCode, `${JSON.stringify(password)}: ${answer.body}`).toBe(400)
          expect(json(answer)).toMatchObject({
            code: 'PASSWORD_TOO_WEAK',
            message: 'This password is too easy to guess: choose a stronger one',
            details: { warning, suggestions: expect.arrayContaining([expect.any(String)]) },
          })
        }
      }
      expect(smtp.to(email)).toHaveLength(0)
      const strong = 'tG7#kq2!vLp9x'
      expect((await calls.register(email, strong)).statusCode).toBe(201)
      expect((await calls.confirm(email, await calls.codeOf(email))).statusCode).toBe(204)
      expect((await calls.login(email, strong)).statusCode).toBe(200)
    })

    it('registration refuses common passwords, the email itself and over 128 characters', async () => {
      const calls = client()
      const email = freshEmail()
      await refusals((password) => calls.register(email, password), 'password', email)
      expect(smtp.to(email)).toHaveLength(0)
      // The longest there is; only its first 32 characters are scored.
      const longest = `tG7#kq2!vLp9x-${'q7'.repeat(57)}`
      expect((await calls.register(email, longest)).statusCode).toBe(201)
      expect((await calls.confirm(email, await calls.codeOf(email))).statusCode).toBe(204)
      expect((await calls.login(email, longest)).statusCode).toBe(200)
    })

    it('a reset refuses them too', async () => {
      const calls = client()
      const email = freshEmail()
      expect((await calls.register(email, 'first-pass-1')).statusCode).toBe(201)
      expect((await calls.confirm(email, await calls.codeOf(email))).statusCode).toBe(204)
      await refusals((password) => calls.requestReset(email, password), 'newPassword', email)
      expect(smtp.to(email)).toHaveLength(1)
      expect((await calls.requestReset(email, 'second-pass-1')).statusCode).toBe(204)
    })
  })
})
