/**
 * The access-token check without the server (modules/auth/access-tokens.ts): tokens made by the signer's own `sign`,
 * as in production, pass; anything else, built by hand with the right key so that only the rule under test fails,
 * does not; among them what fast-jwt alone would let through. The HTTP cases (expired, tampered, wrong secret, alg none...) are in routes/auth.test.ts.
 */
import { createHmac, randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAccessTokenSigner, TOKEN_AUDIENCE, TOKEN_ISSUER } from '#modules/auth/access-tokens.ts'

const SECRET = 'access-token-test-secret-0123456789abcdef'
const NOW = 1_900_000_000
const signer = createAccessTokenSigner(SECRET, 900)
/** The clock both the signer and the check read. */
const at = (seconds: number) => vi.setSystemTime(seconds * 1000)

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
/** A token signed with the signer's key over exactly the given segments. */
function signed(header: string, claims: string): string {
  const body = `${header}.${claims}`
  return `${body}.${createHmac('sha256', SECRET).update(body).digest('base64url')}`
}
const handMade = (header: unknown, claims: unknown) => signed(segment(header), segment(claims))
const notJson = Buffer.from('{alg').toString('base64url')
const uid = randomUUID()
const HEADER = { alg: 'HS256', typ: 'JWT' }
const CLAIMS = {
  type: 'access',
  sub: uid,
  iss: TOKEN_ISSUER,
  aud: TOKEN_AUDIENCE,
  iat: NOW - 10,
  exp: NOW + 60,
}

describe('access tokens', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    at(NOW)
  })
  afterEach(() => vi.useRealTimers())

  it('verifies what sign makes, and a hand-made token of the same shape (the control for the cases below)', async () => {
    const real = createAccessTokenSigner(SECRET, 900)
    expect(real.verify(await real.sign(uid))).toBe(uid)
    expect(signer.verify(handMade(HEADER, CLAIMS))).toBe(uid)
  })

  it('expires at exp: valid the second before, refused from that second on', () => {
    at(NOW + 59)
    expect(signer.verify(handMade(HEADER, CLAIMS))).toBe(uid)
    vi.setSystemTime((NOW + 60) * 1000 - 1)
    expect(signer.verify(handMade(HEADER, CLAIMS))).toBe(uid)
    at(NOW + 60)
    expect(signer.verify(handMade(HEADER, CLAIMS))).toBeUndefined()
  })

  it('refuses every token that is not exactly what the server signs', () => {
    const valid = handMade(HEADER, CLAIMS)
    const [h = '', p = '', s = ''] = valid.split('.')
    const bad: [string, string][] = [
      ['no typ', handMade({ alg: 'HS256' }, CLAIMS)],
      ['another typ', handMade({ alg: 'HS256', typ: 'at+jwt' }, CLAIMS)],
      ['typ in lower case', handMade({ alg: 'HS256', typ: 'jwt' }, CLAIMS)],
      ['typ as a media type', handMade({ alg: 'HS256', typ: 'application/jwt' }, CLAIMS)],
      ['crit', handMade({ ...HEADER, crit: ['b64'], b64: false }, CLAIMS)],
      ['kid', handMade({ ...HEADER, kid: 'k1' }, CLAIMS)],
      ['alg none', handMade({ alg: 'none', typ: 'JWT' }, CLAIMS)],
      ['alg HS512 header', handMade({ alg: 'HS512', typ: 'JWT' }, CLAIMS)],
      ['header not JSON', signed(notJson, p)],
      ['claims an array', handMade(HEADER, [CLAIMS])],
      ['claims not JSON', signed(segment(HEADER), notJson)],
      ['no exp', handMade(HEADER, { ...CLAIMS, exp: undefined })],
      ['exp a string', handMade(HEADER, { ...CLAIMS, exp: String(NOW + 60) })],
      ['iat a string', handMade(HEADER, { ...CLAIMS, iat: 'yesterday' })],
      ['issued longer ago than a token lives', handMade(HEADER, { ...CLAIMS, iat: NOW - 901 })],
      ['nbf a string', handMade(HEADER, { ...CLAIMS, nbf: String(NOW - 10) })],
      ['nbf ahead', handMade(HEADER, { ...CLAIMS, nbf: NOW + 1 })],
      ['other issuer', handMade(HEADER, { ...CLAIMS, iss: 'other' })],
      ['no issuer', handMade(HEADER, { ...CLAIMS, iss: undefined })],
      ['no audience', handMade(HEADER, { ...CLAIMS, aud: undefined })],
      ['no subject', handMade(HEADER, { ...CLAIMS, sub: undefined })],
      ['audience in a list', handMade(HEADER, { ...CLAIMS, aud: [TOKEN_AUDIENCE] })],
      ['other audience', handMade(HEADER, { ...CLAIMS, aud: 'other' })],
      ['refresh type', handMade(HEADER, { ...CLAIMS, type: 'refresh' })],
      ['no type', handMade(HEADER, { ...CLAIMS, type: undefined })],
      ['subject no uid', handMade(HEADER, { ...CLAIMS, sub: 'not-a-uuid' })],
      ['subject a number', handMade(HEADER, { ...CLAIMS, sub: 42 })],
      [
        'other secret',
        `${h}.${p}.${createHmac('sha256', `${SECRET}x`).update(`${h}.${p}`).digest('base64url')}`,
      ],
      ['signature padded', `${valid}=`],
      ['white space in a segment', signed(`${h} `, p)],
      ['signature in base64', `${h}.${p}.${Buffer.from(s, 'base64url').toString('base64')}`],
      ['signature cut', valid.slice(0, -1)],
      ['no signature', `${h}.${p}.`],
      ['four segments', `${valid}.${s}`],
      ['two segments', `${h}.${p}`],
      ['too long', handMade(HEADER, { ...CLAIMS, pad: 'x'.repeat(2100) })],
      ['empty', ''],
      ['garbage', 'a.b.c'],
    ]
    for (const [name, token] of bad) expect(signer.verify(token), name).toBeUndefined()
  })
})
