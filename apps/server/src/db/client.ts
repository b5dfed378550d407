/**
 * Opens the database: PGlite on disk (default) or PostgreSQL through a pg Pool (DATABASE_URL).
 * Both are driven through the same drizzle `PgDatabase` type so repositories never care which.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { describeDatabaseUrl } from '../config.ts'
import { describeCause, StartupError } from '../lib/startup-error.ts'

/** Typed this way (not as the driver-specific type) so `.returning()` keeps its types on both drivers. */
export type Db = PgDatabase<PgQueryResultHKT>

/** Connections a server process keeps open (docs/deploy.md, step 4). */
const POOL_SIZE = 10

/** A connection pool's state now (PostgreSQL); PGlite is one connection in the process and has none. */
export type PoolStats = { total: number; idle: number; waiting: number; max: number }

type DatabaseHandle = {
  db: Db
  ping(): Promise<boolean>
  close(): Promise<void>
  poolStats(): PoolStats | undefined
}
export type PgliteDatabase = DatabaseHandle & { kind: 'pglite'; client: PGlite }
export type PostgresDatabase = DatabaseHandle & { kind: 'postgres'; pool: pg.Pool }
export type Database = PgliteDatabase | PostgresDatabase

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}

/** The extensions every PGlite instance loads (the migrations create them). */
export const pgliteExtensions = { pg_trgm, btree_gin }

export function wrapPglite(client: PGlite): PgliteDatabase {
  const db: Db = drizzlePglite({ client })
  let closed = false
  return {
    kind: 'pglite',
    db,
    client,
    ping: () => ping(db),
    poolStats: () => undefined,
    async close() {
      if (closed) return
      closed = true
      await client.close()
    },
  }
}

export async function openPglite(dataDir: string): Promise<Database> {
  const dir = join(dataDir, 'pglite')
  await mkdir(dir, { recursive: true })
  const client = await PGlite.create(dir, { extensions: pgliteExtensions })
  return wrapPglite(client)
}

export function wrapPool(pool: pg.Pool): PostgresDatabase {
  const db: Db = drizzleNodePg({ client: pool })
  let closed = false
  return {
    kind: 'postgres',
    db,
    pool,
    ping: () => ping(db),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? POOL_SIZE,
    }),
    async close() {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}

/**
 * A pool whose every connection has JIT compilation off. The planner JIT-compiles any statement it costs over 100,000
 * (jit_above_cost): the ledger check's balance statement at 1M accounts spent over ten times longer compiling than
 * running, and the whole check three times longer (docs/measurements/load.md). Our statements are short or index-bound;
 * none is worth compiling. (A DATABASE_URL with its own `options` parameter replaces this one.)
 */
export function newPool(url: string, max: number): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max,
    // Every connection stays once opened (the default closed one idle for 10 s, to be opened again under load).
    min: max,
    connectionTimeoutMillis: 5000,
    options: '-c jit=off',
  })
}

/**
 * Opens all of the pool's connections at once, before the first request. Opened on demand, they were the first
 * seconds' tail: under load each process queued requests while its pool grew from one connection.
 */
async function fillPool(pool: pg.Pool, size: number): Promise<void> {
  const clients = await Promise.all(Array.from({ length: size }, () => pool.connect()))
  for (const client of clients) client.release()
}

export async function openPostgres(url: string, onPoolError?: (error: Error) => void): Promise<Database> {
  const pool = newPool(url, POOL_SIZE)
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would crash the process.
  pool.on('error', (error) => onPoolError?.(error))
  // A client checked out (inside a transaction) when the server goes has no pool listener: its 'error' would be
  // unhandled and end the process. The query in flight fails on its own; this only reports the loss.
  pool.on('connect', (client) => client.on('error', (error) => onPoolError?.(error)))
  try {
    await fillPool(pool, POOL_SIZE)
  } catch (error) {
    await pool.end().catch(() => undefined)
    throw new StartupError(
      `Cannot connect to the database at ${describeDatabaseUrl(url)}: ${describeCause(error)}`,
    )
  }
  return wrapPool(pool)
}
