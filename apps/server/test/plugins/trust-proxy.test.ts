/**
 * Behind a proxy, a client is the address the proxy saw, not what it writes in X-Forwarded-For (docs/resilience.md,
 * 'Client addresses'). Over real HTTP: the test plays the proxies, which append the address they saw to the header
 * the client sent.
 */
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '#src/config.ts'
import { buildAppOn, useTestApp } from '../helpers/app.ts'
import { listenLocally } from '../helpers/raw-http.ts'

const AUTH_MAX = 5
const limits = { rateLimit: { max: 1000, authMax: AUTH_MAX, timeWindowMs: 60_000 } }

describe('client addresses behind a proxy', () => {
  const t = useTestApp('pglite', { config: limits })
  const opened: FastifyInstance[] = []
  afterEach(async () => {
    for (const app of opened.splice(0)) await app.close()
  })

  /** The app listening with TRUST_PROXY set to this text, read as the server reads it. */
  async function listening(trustProxyText: string): Promise<string> {
    const { trustProxy } = loadConfig({ TRUST_PROXY: trustProxyText })
    const app = await buildAppOn(t, { config: { ...limits, trustProxy } })
    opened.push(app)
    return listenLocally(app)
  }

  /** A wrong email login (401) as the proxies forward it: X-Forwarded-For as given. */
  const login = (url: string, forwardedFor: string, n: number) =>
    fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({
        email: `nobody-${n}-${forwardedFor.length}@example.com`,
        password: 'wrong-password',
      }),
    }).then((response) => response.status)

  /** More logins than the limit from one real address, each claiming another address in front of it. */
  async function spoofedLogins(url: string, realAddress: (spoofed: string) => string): Promise<number[]> {
    const statuses: number[] = []
    for (let i = 0; i <= AUTH_MAX; i++) statuses.push(await login(url, realAddress(`203.0.113.${i + 1}`), i))
    return statuses
  }

  it('TRUST_PROXY=1 (one proxy): the client is the address the proxy appended, whatever it claimed', async () => {
    const url = await listening('1')
    const statuses = await spoofedLogins(url, (spoofed) => `${spoofed}, 198.51.100.7`)
    expect(statuses.slice(0, AUTH_MAX).every((status) => status === 401)).toBe(true)
    expect(statuses[AUTH_MAX]).toBe(429)
    // Another client behind the same proxy keeps its own budget.
    expect(await login(url, '203.0.113.200, 198.51.100.8', 99)).toBe(401)
  })

  it("TRUST_PROXY=10.0.0.0/8,127.0.0.1 (the proxies' addresses): the client is the first address no listed proxy has", async () => {
    const url = await listening('10.0.0.0/8,127.0.0.1')
    // Two proxies: an edge one that saw the client (198.51.100.7), then one at 10.1.2.3 that connects to us.
    const statuses = await spoofedLogins(url, (spoofed) => `${spoofed}, 198.51.100.7, 10.1.2.3`)
    expect(statuses.slice(0, AUTH_MAX).every((status) => status === 401)).toBe(true)
    expect(statuses[AUTH_MAX]).toBe(429)
    expect(await login(url, '203.0.113.200, 198.51.100.8, 10.1.2.3', 99)).toBe(401)
  })

  it('TRUST_PROXY=1: 14 wrong operator logins claiming 14 addresses are one client, stopped after 5 (issue 37, F3)', async () => {
    const url = await listening('1')
    const statuses: number[] = []
    for (let i = 0; i < 14; i++) {
      const response = await fetch(`${url}/ops/session`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // What the client wrote, then what nginx appended (the address it saw).
          'x-forwarded-for': `203.0.113.${i + 1}, 10.9.${i}.1, 198.51.100.9`,
        },
        body: JSON.stringify({ login: 'vera', password: `guess-${i}`, code: '123456' }),
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(9).fill(429)])
  })
})
