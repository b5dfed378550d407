/**
 * `TRUST_PROXY`: which hops in front of the server may say who the client is (`X-Forwarded-For`). The client is the
 * address of the first hop not trusted, counting back from the socket. A hop count or the proxies' addresses stop at
 * the address the last trusted proxy saw. `true` (every hop) is refused, in development too: the client would be
 * the leftmost entry, which it writes itself, and escape every per-address limit (docs/resilience.md, 'Client
 * addresses').
 *
 * Fastify 5.12 no longer takes a hop count (a number now trusts nobody: it cannot check who the nearest peer is), so
 * the count is given to it as a trust function of the hop's position, as Fastify and Express used to do. It is
 * right when nothing but the proxies can reach the server; the address list also checks who the peer is.
 */
import { isIP } from 'node:net'

/** Fastify's `trustProxy`: off, the hops nearest the server, or the proxies' addresses. */
export type TrustProxy = false | number | string[]

/** proxy-addr's names for address ranges, which Fastify accepts beside addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}

/**
 * The setting's text: `false` (and `no`/`off`), a hop count (`1`: one proxy, the usual case; `0`: off), or a
 * comma-separated list of addresses, CIDRs and proxy-addr's range names. Throws a readable one-line message on
 * anything else, `true` (and `yes`/`on`) included.
 */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = text?.trim().toLowerCase() ?? ''
  if (value === '' || ['false', 'no', 'off'].includes(value)) return false
  if (['true', 'yes', 'on'].includes(value)) {
    throw new Error(
      `TRUST_PROXY=${text?.trim()} trusts every X-Forwarded-For entry, which any client can write: set the number of proxies in front (TRUST_PROXY=1 for one) or their addresses (10.0.0.0/8,127.0.0.1)`,
    )
  }
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value)
  const entries = value.split(',').map((entry) => entry.trim())
  const wrong = entries.filter((entry) => !isAddressOrRange(entry))
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY must be false, a hop count (1 for one proxy) or a comma-separated list of the proxies' addresses or CIDRs (10.0.0.0/8,127.0.0.1); not ${wrong.map((w) => JSON.stringify(w)).join(', ')}`,
    )
  }
  return entries
}

/** Fastify's `trustProxy` for the setting: a hop count becomes a function of the hop's position (0: the socket). */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust
  return (_address, hop) => hop < trust
}
