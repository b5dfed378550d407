/**
 * The console's cookies: `ops_session` (HttpOnly, SameSite=Strict, path /ops, Secure in production) carries the
 * session token; `ops_csrf` (SameSite=Strict, path /console: readable by the console's script and by no page of
 * the mini-app, which shares the origin) carries the CSRF token that every state-changing call echoes in
 * `x-csrf-token`; the server checks that the token is the session's own, an HMAC of it (the cookie itself never
 * reaches /ops). Neither has Max-Age: the session's expiry is the server's.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'

export const SESSION_COOKIE = 'ops_session'
export const CSRF_COOKIE = 'ops_csrf'
export const CSRF_HEADER = 'x-csrf-token'

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie
  if (typeof header !== 'string') return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index < 0) continue
    if (part.slice(0, index).trim() !== name) continue
    const value = part.slice(index + 1).trim()
    return value === '' ? undefined : decodeURIComponent(value)
  }
  return undefined
}

function cookie(
  name: string,
  value: string,
  options: { httpOnly: boolean; path: string; secure: boolean; clear?: boolean },
) {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    'SameSite=Strict',
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(options.secure ? ['Secure'] : []),
    ...(options.clear ? ['Max-Age=0'] : []),
  ].join('; ')
}

/** The console's pages (apps/console is served at /console): the only pages that may read the CSRF token. */
const CONSOLE_PATH = '/console'

/** Ends the CSRF cookie that servers before this one set on every path, where the mini-app's pages could read it. */
const clearRootCsrfCookie = (secure: boolean) =>
  cookie(CSRF_COOKIE, '', { httpOnly: false, path: '/', secure, clear: true })

export function setSessionCookies(reply: FastifyReply, token: string, csrf: string, secure: boolean): void {
  reply.header('set-cookie', [
    cookie(SESSION_COOKIE, token, { httpOnly: true, path: '/ops', secure }),
    cookie(CSRF_COOKIE, csrf, { httpOnly: false, path: CONSOLE_PATH, secure }),
    clearRootCsrfCookie(secure),
  ])
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', [
    cookie(SESSION_COOKIE, '', { httpOnly: true, path: '/ops', secure, clear: true }),
    cookie(CSRF_COOKIE, '', { httpOnly: false, path: CONSOLE_PATH, secure, clear: true }),
    clearRootCsrfCookie(secure),
  ])
}
