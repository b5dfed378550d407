/**
 * Behind a proxy, a client is the address the proxy saw, not what it writes in X-Forwarded-For (docs/resilience.md,
 * 'Client addresses'). Over real HTTP: the test plays the proxies, which append the address they saw to the header
 * the client sent.
 */
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.ts'
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

  it('TRUST_PROXY=true in production is warned about at start-up; a hop count is not', async () => {
    const warnings = async (trustProxyText: string) => {
      const lines: string[] = []
      const logStream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk))
          done()
        },
      })
      const app = await buildAppOn(t, {
        config: {
          trustProxy: loadConfig({ TRUST_PROXY: trustProxyText }).trustProxy,
          isProduction: true,
          logLevel: 'warn',
        },
        deps: { logStream },
      })
      await app.close()
      return lines.filter((line) => line.includes('TRUST_PROXY'))
    }
    const warned = await warnings('true')
    expect(warned).toHaveLength(1)
    expect(warned[0]).toContain('TRUST_PROXY=true in production')
    expect(await warnings('1')).toEqual([])
  })
})
