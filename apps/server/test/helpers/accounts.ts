/** Helpers for account tests: drive the /telegram flows and make accounts due. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { SANDBOX_LOGIN_CODE, SANDBOX_PASSWORD } from '../../src/providers/sandbox/scenarios.ts'
import { authorize, bearer } from './app.ts'
import { freshTelegramUser } from './init-data.ts'

export type Call = (url: string, payload?: unknown) => Promise<LightMyRequestResponse>

/** A new authorized user and a POST helper with its token. */
export async function newUser(
  app: FastifyInstance,
): Promise<{ post: Call; get: Call; token: string; telegramId: number }> {
  const tg = freshTelegramUser()
  const { accessToken } = await authorize(app, tg)
  const headers = bearer(accessToken)
  return {
    token: accessToken,
    telegramId: tg.id,
    post: (url, payload) =>
      app.inject({
        method: 'POST',
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    get: (url) => app.inject({ method: 'GET', url, headers }),
  }
}

let nextOrdinary = 0
/** An Iranian mobile number in no sandbox entry (an ordinary account), unique in this process. */
export function ordinaryPhone(): string {
  nextOrdinary += 1
  const n = (process.pid * 7919 + nextOrdinary * 104729 + Math.floor(Math.random() * 1000)) % 10_000_000
  return `+98935${String(n).padStart(7, '0')}`
}

/** The whole login flow for a number without 2FA or email; answers the submit-account response. */
export async function submitOrdinaryAccount(post: Call, phone: string, submitType = 'login') {
  expect((await post('/telegram/submit-account-phone', { phone, submitType })).statusCode).toBe(200)
  const code = await post('/telegram/submit-account-code', { code: SANDBOX_LOGIN_CODE })
  if (code.statusCode === 303) {
    expect((await post('/telegram/submit-account-password', { password: SANDBOX_PASSWORD })).statusCode).toBe(
      200,
    )
  } else expect(code.statusCode).toBe(200)
  const submitted = await post('/telegram/submit-account')
  expect(submitted.statusCode, submitted.body).toBe(200)
  return submitted.json() as { uid: string; phone: string; status: string }
}
