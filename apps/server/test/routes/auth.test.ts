import { randomUUID } from 'node:crypto'
import type { TokenPair } from '@app/contract'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { referralLinks, refreshTokens, users } from '#db/schema.ts'
import { DEMO_INVITE_CODE, DEMO_REFERRAL_CODE, DEMO_REFERRER } from '#dev/demo/demo-data.ts'
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '#modules/auth/access-tokens.ts'
import { authorize, bearer, json, TEST_AUTH_SECRET, TEST_OPS_TOKEN, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshTelegramUser, nowSeconds, signInitData } from '../helpers/init-data.ts'

describe.each(DATABASE_KINDS)('auth on %s', (kind) => {
  const t = useTestApp(kind)

  const authorizeRaw = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/telegram/authorize',
      payload: payload as Record<string, unknown>,
    })

  const findUser = async (telegramId: number) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.telegramId, telegramId))
    return row
  }
  const referrerId = async () => (await findUser(DEMO_REFERRER.telegramId))?.id

  describe('POST /auth/telegram/authorize', () => {
    it('creates a new user admitted by start_param and links the referrer', async () => {
      const tg = freshTelegramUser({ first_name: 'Sara', last_name: 'Ahmadi', language_code: 'fa' })
      const response = await authorizeRaw({
        initData: signInitData({ user: tg, startParam: DEMO_REFERRAL_CODE }),
      })
      expect(response.statusCode).toBe(200)
      const body = json<TokenPair>(response)
      expect(body.accessToken).toMatch(/^ey/)
      expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const row = await findUser(tg.id)
      expect(row).toMatchObject({
        firstName: 'Sara',
        lastName: 'Ahmadi',
        languageCode: 'fa',
        referrerUserId: await referrerId(),
      })
      expect(row).toMatchObject({ canAddAccount: true, canRegisterAccount: true, canReferrer: true })
    })

    it('admits a new user with the referralCode from the body', async () => {
      const tg = freshTelegramUser()
      const response = await authorizeRaw({
        initData: signInitData({ user: tg }),
        referralCode: DEMO_REFERRAL_CODE,
      })
      expect(response.statusCode).toBe(200)
      expect((await findUser(tg.id))?.referrerUserId).toBe(await referrerId())
    })

    it('admits a new user with an operator invite: no referrer', async () => {
      const tg = freshTelegramUser()
      const response = await authorizeRaw({
        initData: signInitData({ user: tg, startParam: DEMO_INVITE_CODE }),
      })
      expect(response.statusCode).toBe(200)
      expect((await findUser(tg.id))?.referrerUserId).toBeNull()
    })

    it('prefers a valid start_param, and falls back to the body code when start_param is invalid', async () => {
      const tg = freshTelegramUser()
      const response = await authorizeRaw({
        initData: signInitData({ user: tg, startParam: 'no-such-code' }),
        referralCode: DEMO_INVITE_CODE,
      })
      expect(response.statusCode).toBe(200)
      expect((await findUser(tg.id))?.referrerUserId).toBeNull()
    })

    it('refuses a new user without a code: 406 REFERRAL_REQUIRED, nothing created', async () => {
      const tg = freshTelegramUser()
      const response = await authorizeRaw({ initData: signInitData({ user: tg }) })
      expect(response.statusCode).toBe(406)
      expect(json(response)).toMatchObject({ statusCode: 406, code: 'REFERRAL_REQUIRED' })
      expect(await findUser(tg.id)).toBeUndefined()
    })

    it('refuses unknown and revoked codes with 406', async () => {
      const unknown = await authorizeRaw({
        initData: signInitData({ user: freshTelegramUser(), startParam: 'nope-nope' }),
      })
      expect(unknown.statusCode).toBe(406)
      await t.database.db
        .insert(referralLinks)
        .values({ code: 'revoked-1', userId: null, revokedAt: new Date() })
      const revoked = await authorizeRaw({
        initData: signInitData({ user: freshTelegramUser() }),
        referralCode: 'revoked-1',
      })
      expect(revoked.statusCode).toBe(406)
      expect(json(revoked).code).toBe('REFERRAL_REQUIRED')
    })

    it('lets an existing user in without a code and updates names and language', async () => {
      const tg = freshTelegramUser({ first_name: 'Old', language_code: 'en' })
      await authorize(t.app, tg)
      const response = await authorizeRaw({
        initData: signInitData({
          user: { ...tg, first_name: 'New', last_name: 'Name', language_code: 'fa' },
        }),
      })
      expect(response.statusCode).toBe(200)
      expect(await findUser(tg.id)).toMatchObject({
        firstName: 'New',
        lastName: 'Name',
        languageCode: 'fa',
        referrerUserId: await referrerId(),
      })
    })

    it('refuses a blocked user: 403 USER_BLOCKED in words, and no refresh token is written', async () => {
      const tg = freshTelegramUser()
      await authorize(t.app, tg)
      const ops = (method: 'POST' | 'DELETE', payload?: Record<string, unknown>) =>
        t.app.inject({
          method,
          url: `/ops/users/${tg.id}/block`,
          headers: bearer(TEST_OPS_TOKEN),
          ...(payload ? { payload } : {}),
        })
      expect((await ops('POST', { reason: 'sold accounts twice' })).statusCode).toBe(200)
      const userId = (await findUser(tg.id))?.id ?? -1
      const tokensOf = async () =>
        (await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId))).length
      const before = await tokensOf()

      const refused = await authorizeRaw({
        initData: signInitData({ user: tg, startParam: DEMO_REFERRAL_CODE }),
      })
      expect(refused.statusCode).toBe(403)
      expect(json(refused)).toEqual({
        statusCode: 403,
        code: 'USER_BLOCKED',
        message: 'This account has been blocked. Please contact support.',
      })
      expect(await tokensOf()).toBe(before)

      // Unblocked, they sign in again.
      expect((await ops('DELETE')).statusCode).toBe(200)
      expect((await authorizeRaw({ initData: signInitData({ user: tg }) })).statusCode).toBe(200)
      expect(await tokensOf()).toBe(before + 1)
    })

    it('answers 401 UNAUTHORIZED for bad, expired and unsigned init data', async () => {
      const tg = freshTelegramUser()
      const cases = [
        signInitData({ user: tg, botToken: '1:other-token' }),
        signInitData({ user: tg, authDate: nowSeconds() - 2 * 86_400 }),
        signInitData({ user: tg }).replace(/&hash=[0-9a-f]+/, ''),
        'user=%7B%7D&auth_date=1',
      ]
      for (const initData of cases) {
        const response = await authorizeRaw({ initData, referralCode: DEMO_REFERRAL_CODE })
        expect(response.statusCode).toBe(401)
        expect(json(response)).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' })
        expect(response.body).not.toContain(initData)
      }
    })

    it('two concurrent first logins of the same user create one user', async () => {
      const tg = freshTelegramUser()
      const responses = await Promise.all(
        [1, 2, 3].map(() =>
          authorizeRaw({ initData: signInitData({ user: tg, startParam: DEMO_REFERRAL_CODE }) }),
        ),
      )
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200])
      const rows = await t.database.db.select().from(users).where(eq(users.telegramId, tg.id))
      expect(rows).toHaveLength(1)
    })
  })

  describe('access tokens', () => {
    const dashboard = (token: string) =>
      t.app.inject({ method: 'GET', url: '/dashboard', headers: bearer(token) })

    const sign = async (
      claims: Record<string, unknown>,
      options: {
        alg?: string
        secret?: string
        exp?: number
        sub?: string
        iss?: string
        aud?: string
        header?: Record<string, unknown>
      } = {},
    ) => {
      const row = await findUser(DEMO_REFERRER.telegramId)
      return new SignJWT({ type: 'access', ...claims })
        .setProtectedHeader({ alg: options.alg ?? 'HS256', ...(options.header ?? { typ: 'JWT' }) })
        .setSubject(options.sub ?? row?.uid ?? '')
        .setIssuer(options.iss ?? TOKEN_ISSUER)
        .setAudience(options.aud ?? TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(options.exp ?? nowSeconds() + 60)
        .sign(new TextEncoder().encode(options.secret ?? TEST_AUTH_SECRET))
    }

    it('an access token from authorize opens /dashboard; none or garbage is 401', async () => {
      const { accessToken } = await authorize(t.app, freshTelegramUser())
      expect((await dashboard(accessToken)).statusCode).toBe(200)
      const missing = await t.app.inject({ method: 'GET', url: '/dashboard' })
      expect(missing.statusCode).toBe(401)
      expect(json(missing)).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' })
      expect((await dashboard('garbage')).statusCode).toBe(401)
    })

    it('a correctly signed token works (control for the cases below)', async () => {
      expect((await dashboard(await sign({}))).statusCode).toBe(200)
    })

    it('refuses expired, tampered, wrong-secret, wrong-type, unknown-user, bad-subject, other-alg, alg=none, other-header and other-issuer or audience tokens', async () => {
      const valid = await sign({})
      const [header = '', payload = '', signature = ''] = valid.split('.')
      const forgedPayload = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: randomUUID() }),
      ).toString('base64url')
      const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
      const bad = [
        await sign({}, { exp: nowSeconds() - 10 }),
        `${header}.${forgedPayload}.${signature}`,
        // The first character: all its bits are signature (the last one's low bits are padding).
        `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
        await sign({}, { secret: 'another-secret-another-secret-another' }),
        await sign({ type: 'refresh' }),
        await sign({}, { sub: randomUUID() }),
        // Signed with the real secret, but the subject is no user id: 401, never a database cast error (500).
        await sign({}, { sub: 'not-a-uuid' }),
        await sign({}, { sub: `${randomUUID()}'; select 1; --` }),
        await sign({}, { sub: '' }),
        await sign({}, { alg: 'HS512' }),
        `${noneHeader}.${payload}.`,
        // Only what the server signs: typ JWT, no other header parameter, its issuer and audience.
        await sign({}, { header: {} }),
        await sign({}, { header: { typ: 'JWT', kid: 'other' } }),
        await sign({}, { header: { typ: 'jwt' } }),
        await sign({}, { iss: 'someone-else' }),
        await sign({}, { aud: 'another-app' }),
        await sign({ nbf: nowSeconds() + 60 }),
      ]
      for (const token of bad) expect((await dashboard(token)).statusCode).toBe(401)
    })
  })

  describe('POST /auth/refresh', () => {
    const refresh = (token?: string) =>
      t.app.inject({ method: 'POST', url: '/auth/refresh', ...(token ? { headers: bearer(token) } : {}) })

    it('rotates: a new pair that works, in the same family', async () => {
      const first = await authorize(t.app, freshTelegramUser())
      const response = await refresh(first.refreshToken)
      expect(response.statusCode).toBe(200)
      const second = json<TokenPair>(response)
      expect(second.refreshToken).not.toBe(first.refreshToken)
      expect(
        (await t.app.inject({ method: 'GET', url: '/dashboard', headers: bearer(second.accessToken) }))
          .statusCode,
      ).toBe(200)
      const third = await refresh(second.refreshToken)
      expect(third.statusCode).toBe(200)
    })

    it('reuse of a rotated token revokes the whole family', async () => {
      const first = await authorize(t.app, freshTelegramUser())
      const second = json<TokenPair>(await refresh(first.refreshToken))
      const reuse = await refresh(first.refreshToken)
      expect(reuse.statusCode).toBe(401)
      expect(json(reuse)).toMatchObject({ code: 'UNAUTHORIZED' })
      expect((await refresh(second.refreshToken)).statusCode).toBe(401)
    })

    it('another login (another family) is not affected by a revoked family', async () => {
      const tg = freshTelegramUser()
      const a = await authorize(t.app, tg)
      const b = await authorize(t.app, tg, {})
      await refresh(a.refreshToken)
      await refresh(a.refreshToken)
      expect((await refresh(b.refreshToken)).statusCode).toBe(200)
    })

    it('unknown, missing and access tokens are 401', async () => {
      expect((await refresh('unknown-token')).statusCode).toBe(401)
      expect((await refresh()).statusCode).toBe(401)
      const { accessToken } = await authorize(t.app, freshTelegramUser())
      expect((await refresh(accessToken)).statusCode).toBe(401)
    })

    it('an expired refresh token is 401', async () => {
      const { refreshToken } = await authorize(t.app, freshTelegramUser())
      const { refreshTokens } = await import('#db/schema.ts')
      const { hashRefreshToken } = await import('#modules/auth/refresh-tokens.ts')
      await t.database.db
        .update(refreshTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)))
      expect((await refresh(refreshToken)).statusCode).toBe(401)
    })

    it('concurrent use of the same refresh token: at most one success', async () => {
      const { refreshToken } = await authorize(t.app, freshTelegramUser())
      const responses = await Promise.all(Array.from({ length: 6 }, () => refresh(refreshToken)))
      const codes = responses.map((r) => r.statusCode)
      expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(1)
      expect(codes.every((c) => c === 200 || c === 401)).toBe(true)
    })
  })

  describe('POST /auth/logout (issue 37)', () => {
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/auth/refresh', headers: bearer(token) })
    const logout = (token?: string) =>
      t.app.inject({ method: 'POST', url: '/auth/logout', ...(token ? { headers: bearer(token) } : {}) })

    it("ends the session: its refresh token, and every one rotated from it, no longer refreshes; others' do", async () => {
      const tg = freshTelegramUser()
      const first = await authorize(t.app, tg)
      const other = await authorize(t.app, tg, {})
      const rotated = json<TokenPair>(await refresh(first.refreshToken))
      const out = await logout(rotated.refreshToken)
      expect(out.statusCode, out.body).toBe(204)
      expect(json(await refresh(rotated.refreshToken))).toMatchObject({
        statusCode: 401,
        code: 'UNAUTHORIZED',
      })
      expect((await refresh(first.refreshToken)).statusCode).toBe(401)
      expect((await refresh(other.refreshToken)).statusCode).toBe(200)
      // Again, or with a token nobody issued: nothing left to end, the same 204.
      expect((await logout(rotated.refreshToken)).statusCode).toBe(204)
      expect((await logout('unknown-token')).statusCode).toBe(204)
      expect(json(await logout())).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' })
    })
  })
})
