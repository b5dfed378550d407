/**
 * The console's cookies as production writes them (modules/operators/session-cookies.ts): the tests' app is not production,
 * so here a bare Fastify with @fastify/cookie, as the /ops routes register it, writes them with Secure on.
 */
import fastifyCookie from '@fastify/cookie'
import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { clearSessionCookies, setSessionCookies } from '#modules/operators/session-cookies.ts'

const app = Fastify()
await app.register(fastifyCookie)
app.get('/login', (_request, reply) => {
  setSessionCookies(reply, 'session;token', 'csrf token', true)
  return {}
})
app.get('/logout', (_request, reply) => {
  clearSessionCookies(reply, true)
  return {}
})
afterAll(() => app.close())

/** A Set-Cookie line as a cookie: its pair first, then its attributes in any order. */
const attributes = (cookie: string) => {
  const [pair, ...rest] = cookie.split('; ')
  return [pair, ...rest.sort()]
}
const setCookies = async (url: string) =>
  ((await app.inject({ method: 'GET', url })).headers['set-cookie'] as string[]).map(attributes)

describe('console session cookies in production', () => {
  it('sets the session HttpOnly on /ops and the CSRF token on /console, both Secure and SameSite=Strict', async () => {
    expect(await setCookies('/login')).toEqual(
      [
        'ops_session=session%3Btoken; Path=/ops; SameSite=Strict; HttpOnly; Secure',
        'ops_csrf=csrf%20token; Path=/console; SameSite=Strict; Secure',
        'ops_csrf=; Path=/; SameSite=Strict; Secure; Max-Age=0',
      ].map(attributes),
    )
  })

  it('ends all three with Max-Age=0 on the same paths', async () => {
    expect(await setCookies('/logout')).toEqual(
      [
        'ops_session=; Path=/ops; SameSite=Strict; HttpOnly; Secure; Max-Age=0',
        'ops_csrf=; Path=/console; SameSite=Strict; Secure; Max-Age=0',
        'ops_csrf=; Path=/; SameSite=Strict; Secure; Max-Age=0',
      ].map(attributes),
    )
  })
})
