/**
 * The console's cookies: `ops_session` (HttpOnly, SameSite=Strict, path /ops, Secure in production) carries the
 * session token; `ops_csrf` (readable by the console's script, SameSite=Strict) carries the CSRF token that every
 * state-changing call echoes in `x-csrf-token` (double submit; the server also checks that the token is the
 * session's own, an HMAC of it). Neither has Max-Age: the session's expiry is the server's.
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

export function setSessionCookies(reply: FastifyReply, token: string, csrf: string, secure: boolean): void {
  reply.header('set-cookie', [
    cookie(SESSION_COOKIE, token, { httpOnly: true, path: '/ops', secure }),
    cookie(CSRF_COOKIE, csrf, { httpOnly: false, path: '/', secure }),
  ])
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', [
    cookie(SESSION_COOKIE, '', { httpOnly: true, path: '/ops', secure, clear: true }),
    cookie(CSRF_COOKIE, '', { httpOnly: false, path: '/', secure, clear: true }),
  ])
}
