/**
 * Helpers for operator tests: a clock that only moves forward, calls with the bootstrap token or another, named
 * operators made with the bootstrap token, their API tokens and console sessions (password and TOTP).
 */
import type { OperatorEnrolment, OperatorRole } from '@app/contract/ops'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { totpCode } from '#modules/operators/totp.ts'
import { bearer, json, TEST_OPS_TOKEN } from './app.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The app's clock for `deps.now`: real time at first (users' init data is signed now), then only forward. */
export function testClock() {
  let at = new Date()
  return {
    now: () => at,
    tick(seconds: number) {
      at = new Date(at.getTime() + seconds * 1000)
    },
  }
}
export type TestClock = ReturnType<typeof testClock>

export function operatorsOf(app: () => FastifyInstance, clock: TestClock, prefix: string) {
  const withToken = (token: string) => (method: Method, url: string, payload?: unknown) =>
    app().inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    })
  const asAdmin = withToken(TEST_OPS_TOKEN)
  let seq = 0

  /** A new operator made with the bootstrap token: its enrolment (password and TOTP secret). */
  async function enrol(role: OperatorRole): Promise<OperatorEnrolment> {
    seq += 1
    const created = await asAdmin('POST', '/ops/operators', { login: `${role}-${prefix}-${seq}`, role })
    expect(created.statusCode, created.body).toBe(201)
    return json<OperatorEnrolment>(created)
  }

  /** A personal API token of the operator, issued with `as` (the bootstrap token by default). */
  async function issueToken(login: string, as = asAdmin) {
    const issued = await as('POST', `/ops/operators/${login}/token`)
    expect(issued.statusCode, issued.body).toBe(200)
    return json<{ token: string }>(issued).token
  }

  async function tokenOf(role: OperatorRole) {
    return issueToken((await enrol(role)).operator.login)
  }

  /** Logs in (a fresh TOTP step each time) and answers a caller with the session's cookies and CSRF header. */
  async function login(enrolment: OperatorEnrolment) {
    clock.tick(31)
    const response = await app().inject({
      method: 'POST',
      url: '/ops/session',
      payload: {
        login: enrolment.operator.login,
        password: enrolment.password,
        code: totpCode(enrolment.totpSecret, clock.now()),
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]))
    const csrf = json<{ csrfToken: string }>(response).csrfToken
    // What a browser sends to /ops: the session cookie; the CSRF cookie belongs to /console's pages.
    const cookie = `ops_session=${cookies.ops_session}`
    return {
      login: enrolment.operator.login,
      response,
      csrf,
      cookie,
      call: (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
        app().inject({
          method,
          url,
          headers: { cookie, ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }), ...headers },
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        }),
    }
  }

  return { asAdmin, withToken, enrol, issueToken, tokenOf, login }
}
