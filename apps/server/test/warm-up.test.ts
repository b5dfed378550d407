/** A new process serves itself the users' frequent reads before it listens (src/warm-up.ts). */
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { insertAccounts, newUser, userIdOf } from './helpers/accounts.ts'
import { buildAppOn, useTestApp } from './helpers/app.ts'
import { DATABASE_KINDS } from './helpers/database.ts'

/** JSON log lines as they are written. */
function logLines() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line))
      done()
    },
  })
  return { lines, stream }
}

describe.each(DATABASE_KINDS)('warm-up before listening on %s', (kind) => {
  const t = useTestApp(kind)

  it('reads as the newest users until ready, every read answered, none logged line by line', async () => {
    const withAccounts = await newUser(t.app)
    await newUser(t.app)
    await insertAccounts(t.database.db, await userIdOf(t.database.db, withAccounts.telegramId), 3)
    const { lines, stream } = logLines()
    // A budget smaller than the warm-up: its requests are not counted (processes started together share one in Redis).
    const rateLimit = { ...t.config.rateLimit, max: 5 }
    const app = await buildAppOn(t, {
      // One proxy trusted: X-Forwarded-For's last entry sets request.ip, so a client could claim the warm-up's address.
      config: { warmUp: true, logLevel: 'info', rateLimit, trustProxy: 1 },
      deps: { logStream: stream },
    })
    try {
      await app.warmUp() // as run-server.ts does, between ready() and listen()
      const summary = lines.find((line) => line.msg === 'warmed up before listening')
      expect(summary).toMatchObject({ failed: 0 })
      const users = summary?.users as number
      expect(users).toBeGreaterThanOrEqual(2)
      // Three rounds of 4 reads per user, an account's page for each user with accounts and 2 reads of an operator.
      expect(summary?.requests).toBeGreaterThanOrEqual(3 * (4 * users + 1 + 2))
      expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([])

      // A client's request is logged and counted as before, whatever address it claims.
      const client = {
        url: '/dashboard',
        headers: { authorization: 'Bearer x', 'x-forwarded-for': 'warm-up' },
      }
      expect((await app.inject(client)).statusCode).toBe(401)
      expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(1)
      const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject(client)))
      expect(answers.map((answer) => answer.statusCode)).toContain(429)
    } finally {
      await app.close()
    }
  })

  it('does nothing when WARM_UP is off', async () => {
    const { lines, stream } = logLines()
    const cold = await buildAppOn(t, {
      config: { warmUp: false, logLevel: 'info' },
      deps: { logStream: stream },
    })
    try {
      await cold.warmUp()
      expect(lines.some((line) => String(line.msg).includes('warm'))).toBe(false)
    } finally {
      await cold.close()
    }
  })
})
