/**
 * A code session that has ended says so (issue 38, item 2): after the fifth wrong answer, or once the 15 minutes
 * are up, every step answers 410 FLOW_ENDED with the reason, even the right code, until a new number starts over.
 * A flow that never was stays 404.
 */
import { AuthSessionSchema } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { submissionFlows } from '#db/schema.ts'
import { SANDBOX_LOGIN_CODE } from '#providers/sandbox/scenarios.ts'
import { newUser, ordinaryPhone, userIdOf } from '../helpers/accounts.ts'
import { useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'

const PHONE = '/telegram/submit-account-phone'
const CODE = '/telegram/submit-account-code'

const errorOf = (r: { statusCode: number; json(): unknown }) => ({
  status: r.statusCode,
  ...(r.json() as { code: string }),
})

describe.each(DATABASE_KINDS)('a code session that has ended on %s', (kind) => {
  const t = useTestApp(kind)
  /** Moves the user's flows past their 15 minutes, as the clock would. */
  const expireFlows = async (telegramId: number) =>
    t.database.db
      .update(submissionFlows)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(submissionFlows.userId, await userIdOf(t.database.db, telegramId)))

  it('login: each wrong code says how many tries are left; then even the right code hears that the tries are used up', async () => {
    const user = await newUser(t.app)
    await user.post(PHONE, { phone: ordinaryPhone(), submitType: 'login' })
    for (let left = 4; left >= 0; left -= 1)
      expect(errorOf(await user.post(CODE, { code: '00000' }))).toMatchObject({
        status: 400,
        code: 'INVALID_CODE',
        details: { attemptsLeft: left },
      })
    const ended = { status: 410, code: 'FLOW_ENDED', details: { reason: 'too_many_attempts' } }
    expect(errorOf(await user.post(CODE, { code: SANDBOX_LOGIN_CODE }))).toMatchObject(ended)
    expect(errorOf(await user.post('/telegram/resend-code'))).toMatchObject(ended)
    expect(errorOf(await user.post('/telegram/submit-account'))).toMatchObject(ended)
    // Starting again with the number works at once.
    const phone = ordinaryPhone()
    expect((await user.post(PHONE, { phone, submitType: 'login' })).statusCode).toBe(200)
    expect((await user.post(CODE, { code: SANDBOX_LOGIN_CODE })).json()).toEqual({ ready: true })
  })

  it('login: after 15 minutes the right code hears that the code has expired', async () => {
    const user = await newUser(t.app)
    expect(errorOf(await user.post(CODE, { code: SANDBOX_LOGIN_CODE }))).toMatchObject({
      status: 404,
      code: 'FLOW_NOT_FOUND',
    })
    await user.post(PHONE, { phone: ordinaryPhone(), submitType: 'login' })
    expect(errorOf(await user.post(CODE, { code: '00000' }))).toMatchObject({ details: { attemptsLeft: 4 } })
    await expireFlows(user.telegramId)
    expect(errorOf(await user.post(CODE, { code: SANDBOX_LOGIN_CODE }))).toMatchObject({
      status: 410,
      code: 'FLOW_ENDED',
      details: { reason: 'expired' },
    })
  })

  it('sign-up: the same two endings', async () => {
    const user = await newUser(t.app)
    const start = async () => {
      const phoneNumber = ordinaryPhone()
      const sent = await user.post('/telegram/auth/send-code', { phoneNumber, purpose: 'signup' })
      return { sessionId: AuthSessionSchema.parse(sent.json()).sessionId, phoneNumber }
    }
    const tried = await start()
    for (let left = 4; left >= 0; left -= 1)
      expect(
        errorOf(await user.post('/telegram/auth/signup', { ...tried, phoneCode: '00000' })),
      ).toMatchObject({
        details: { attemptsLeft: left },
      })
    expect(
      errorOf(await user.post('/telegram/auth/signup', { ...tried, phoneCode: SANDBOX_LOGIN_CODE })),
    ).toMatchObject({ status: 410, code: 'FLOW_ENDED', details: { reason: 'too_many_attempts' } })

    const waited = await start()
    await expireFlows(user.telegramId)
    expect(errorOf(await user.post('/telegram/auth/resend-code', waited))).toMatchObject({
      status: 410,
      code: 'FLOW_ENDED',
      details: { reason: 'expired' },
    })
    // Another session id is still no session at all.
    expect(
      errorOf(
        await user.post('/telegram/auth/resend-code', {
          ...waited,
          sessionId: '00000000-0000-4000-8000-000000000000',
        }),
      ),
    ).toMatchObject({ status: 404, code: 'RESOURCE_NOT_FOUND' })
  })
})
