/**
 * The console's cookies, read and written by @fastify/cookie (registered on the /ops routes): `ops_session`
 * (HttpOnly, SameSite=Strict, path /ops, Secure in production) carries the session token; `ops_csrf`
 * (SameSite=Strict, path /console: readable by the console's script and by no page of the mini-app, which shares the
 * origin) carries the CSRF token that every state-changing call echoes in `x-csrf-token`; the server checks that the
 * token is the session's own, an HMAC of it (the cookie itself never reaches /ops). Neither has Max-Age: the
 * session's expiry is the server's.
 */
import type { CookieSerializeOptions } from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'

export const SESSION_COOKIE = 'ops_session'
const CSRF_COOKIE = 'ops_csrf'
export const CSRF_HEADER = 'x-csrf-token'

/** The cookie's value, or undefined when it is missing or empty. */
export const readCookie = (request: FastifyRequest, name: string): string | undefined =>
  request.cookies[name] || undefined

/** The console's pages (apps/console is served at /console): the only pages that may read the CSRF token. */
const CONSOLE_PATH = '/console'

const sessionOptions = (secure: boolean): CookieSerializeOptions => ({
  path: '/ops',
  sameSite: 'strict',
  httpOnly: true,
  secure,
})
const csrfOptions = (secure: boolean, path = CONSOLE_PATH): CookieSerializeOptions => ({
  path,
  sameSite: 'strict',
  secure,
})
/** Ends a cookie with Max-Age=0 alone, as this server always has (`reply.clearCookie` adds an Expires). */
const end = (options: CookieSerializeOptions): CookieSerializeOptions => ({ ...options, maxAge: 0 })

/** Ends the CSRF cookie that servers before this one set on every path, where the mini-app's pages could read it. */
const clearRootCsrfCookie = (reply: FastifyReply, secure: boolean) =>
  reply.setCookie(CSRF_COOKIE, '', end(csrfOptions(secure, '/')))

export function setSessionCookies(reply: FastifyReply, token: string, csrf: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, sessionOptions(secure))
  reply.setCookie(CSRF_COOKIE, csrf, csrfOptions(secure))
  clearRootCsrfCookie(reply, secure)
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, '', end(sessionOptions(secure)))
  reply.setCookie(CSRF_COOKIE, '', end(csrfOptions(secure)))
  clearRootCsrfCookie(reply, secure)
}
