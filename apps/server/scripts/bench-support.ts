/** What the benchmarks share: a database, the app on it, an authorized user, and timing of requests. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { DEMO_REFERRAL_CODE } from '../dev/demo/demo-data.ts'
import { signInitData } from '../dev/simulator/sign-init-data.ts'
import { loadConfig } from '../src/config.ts'
import { type Database, pgliteExtensions, wrapPglite } from '../src/db/client.ts'
import { migrateDatabase } from '../src/db/migrate.ts'
import { buildApp } from '../test/helpers/app.ts'
import { createPostgres } from '../test/helpers/database.ts'

export const BENCH_OPS_TOKEN = 'bench-ops-token-0123456789'
const BOT_TOKEN = '1234567890:bench-bot-token'

export type Figures = { p50: number; p99: number }

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

export type BenchApp = { app: FastifyInstance; database: Database; close(): Promise<void> }

/** A migrated in-memory PGlite or a fresh PostgreSQL database, and the app (demo data, no background loop). */
export async function openBenchApp(kind: 'pglite' | 'postgres', pgUrl?: string): Promise<BenchApp> {
  const opened =
    kind === 'pglite'
      ? await (async () => {
          const database = wrapPglite(await PGlite.create({ extensions: pgliteExtensions }))
          return { database, dispose: () => database.close() }
        })()
      : await createPostgres(pgUrl ?? '')
  const { database } = opened
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'))
  await migrateDatabase(database)
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      AUTH_SECRET: 'bench-auth-secret-that-is-long-enough-0123',
      OPS_TOKEN: BENCH_OPS_TOKEN,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000000',
      VALIDATION_POLL_MS: '0',
    }),
    prettyLogs: false,
  }
  const app = await buildApp(config, { database })
  return {
    app,
    database,
    async close() {
      await app.close()
      await opened.dispose()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A new user admitted by the demo referral code: bearer headers and the database id. */
export async function benchUser(bench: BenchApp, telegramId: number) {
  const initData = signInitData(
    {
      user: { id: telegramId, first_name: 'Bench' },
      authDate: Math.floor(Date.now() / 1000),
      startParam: DEMO_REFERRAL_CODE,
    },
    BOT_TOKEN,
  )
  const authorized = await bench.app.inject({
    method: 'POST',
    url: '/auth/telegram/authorize',
    payload: { initData },
  })
  const { accessToken } = authorized.json() as { accessToken: string }
  const result = (await bench.database.db.execute(
    sql`select id from users where telegram_id = ${telegramId}`,
  )) as {
    rows: { id: string | number }[]
  }
  return { headers: { authorization: `Bearer ${accessToken}` }, userId: Number(result.rows[0]?.id) }
}

/** p50/p99 of `requests` GETs (after 20 warm-ups); throws on any answer but 200. */
export async function timeGets(
  app: FastifyInstance,
  url: () => string,
  headers: Record<string, string>,
  requests: number,
): Promise<Figures> {
  for (let i = 0; i < 20; i += 1) await app.inject({ method: 'GET', url: url(), headers })
  const times: number[] = []
  for (let i = 0; i < requests; i += 1) {
    const t0 = process.hrtime.bigint()
    const response = await app.inject({ method: 'GET', url: url(), headers })
    times.push(Number(process.hrtime.bigint() - t0) / 1e6)
    if (response.statusCode !== 200) throw new Error(`${url()}: ${response.statusCode} ${response.body}`)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p99: percentile(times, 99) }
}
