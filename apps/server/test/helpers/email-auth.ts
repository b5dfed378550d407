/**
 * Helpers for the email sign-in suites: calls over `inject`, codes read from the test SMTP server, and a record
 * of every password, code and token used, for the suites' secrets scans.
 */
import type { TokenPair } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { DEMO_REFERRAL_CODE } from '#dev/demo/demo-data.ts'
import { json } from './app.ts'
import type { TestSmtp } from './smtp.ts'

let serial = 0
/** An email nobody used yet in this process. */
export const freshEmail = (domain = 'example.com') => `user${Date.now().toString(36)}${++serial}@${domain}`

/** Another 5-digit code than `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0')

export type SeenSecrets = { passwords: Set<string>; codes: Set<string>; tokens: Set<string> }

export const seenSecrets = (): SeenSecrets => ({
  passwords: new Set(),
  codes: new Set(),
  tokens: new Set(),
})

type Headers = Record<string, string>

/** Email sign-up as a test needs it: a registration with the demo referral code (the code is mailed). */
export const registerEmail = (app: FastifyInstance, email: string, password = 'first-pass-1') =>
  app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { email, password, passwordRetype: password, referralCode: DEMO_REFERRAL_CODE },
  })

/**
 * The email calls of one app, reading mail from one SMTP server. `app` and `smtp` are getters: suites make them
 * in `beforeAll`. `address` is the client's address, or a getter of it (one per person, or per test, keeps the
 * per-address limits apart).
 * Without `referralCode` in `extra`, a registration brings the demo referral code.
 */
export function emailCalls(
  app: () => FastifyInstance,
  smtp: () => TestSmtp,
  seen = seenSecrets(),
  address?: string | (() => string),
) {
  const post = (url: string, payload: Record<string, unknown>, headers: Headers = {}) => {
    const remoteAddress = typeof address === 'function' ? address() : address
    for (const key of ['password', 'newPassword', 'passwordRetype']) {
      if (typeof payload[key] === 'string') seen.passwords.add(payload[key] as string)
    }
    return app().inject({
      method: 'POST',
      url,
      payload,
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    })
  }
  const codeOf = async (email: string, n = 1) => {
    const mail = await smtp().waitFor(email, n)
    expect(mail.code, mail.text).toMatch(/^\d{5}$/)
    seen.codes.add(mail.code as string)
    return mail.code as string
  }
  /**
   * The password this client registered each email with, without a session: the person who registered enters
   * the code with it, as the mini-app does (a registration is proven by whoever set its credentials).
   */
  const registered = new Map<string, string>()
  const tokensOf = (pair: TokenPair) => {
    seen.tokens.add(pair.accessToken)
    seen.tokens.add(pair.refreshToken)
    return pair
  }
  return {
    seen,
    post,
    codeOf,
    tokensOf,
    register: (
      email: string,
      password: string,
      extra: Record<string, unknown> = {},
      headers: Headers = {},
    ) => {
      registered.set(email.trim().toLowerCase(), password)
      return post(
        '/auth/register',
        { email, password, passwordRetype: password, referralCode: DEMO_REFERRAL_CODE, ...extra },
        headers,
      )
    },
    /** A registration while signed in through Telegram (`headers` carries the bearer): no referral code. */
    registerSignedIn: (email: string, password: string, headers: Headers) =>
      post('/auth/register', { email, password, passwordRetype: password }, headers),
    /**
     * The code entered by this client: with its session (`headers`), or with the password it registered the email
     * with (`password` overrides it; null sends none).
     */
    confirm: (email: string, code: string, headers: Headers = {}, password?: string | null) => {
      const own = password === undefined ? registered.get(email.trim().toLowerCase()) : password
      return post(
        '/auth/email-verification-confirm',
        { email, code, ...(own ? { password: own } : {}) },
        headers,
      )
    },
    requestReset: (email: string, newPassword: string) =>
      post('/auth/password-reset-request', { email, newPassword, passwordRetype: newPassword }),
    confirmReset: (email: string, code: string, newPassword: string) =>
      post('/auth/password-reset-confirm', { email, code, newPassword }),
    login: async (email: string, password: string) => {
      const response = await post('/auth/login', { email, password })
      if (response.statusCode === 200) tokensOf(json<TokenPair>(response))
      return response
    },
  }
}
