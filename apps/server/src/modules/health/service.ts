/**
 * Health for process managers and load balancers (docs/resilience.md, 'Outages'):
 * - live: the process runs and answers (`/livez`); never asks the database, so an outage does not get it restarted;
 * - ready: the database answers and holds every migration this process knows (`/readyz`, and `/healthz` as before),
 *   so a balancer sends calls only to a process that can serve them.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { MIGRATIONS_FOLDER } from '#db/migrate.ts'

export type HealthServiceDeps = { db: Db; pingDatabase: () => Promise<boolean> }
type Readiness = { database: boolean; migrations: boolean }

const READY_CACHE_MS = 1000

/** When the newest migration this build carries was made (drizzle records it as `created_at`). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  return Math.max(...journal.entries.map((entry) => entry.when))
}

export function createHealthService({ db, pingDatabase }: HealthServiceDeps) {
  const newest = newestMigrationMillis()
  /** Once seen current it stays so: migrations only ever add, and a newer process may add more. */
  let migrationsCurrent = false

  async function checkMigrations(): Promise<boolean> {
    if (migrationsCurrent) return true
    const result = (await db.execute(
      sql`select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { newest: string }[] }
    migrationsCurrent = Number(result.rows[0]?.newest ?? 0) >= newest
    return migrationsCurrent
  }

  async function check(): Promise<Readiness> {
    if (!(await pingDatabase())) return { database: false, migrations: migrationsCurrent }
    const migrations = await checkMigrations().catch(() => false)
    return { database: true, migrations }
  }

  /** The last check (or the one under way) and when it started: public probes must not each cost a query. */
  let last: { at: number; answer: Promise<Readiness> } | undefined

  return {
    /**
     * The database answers and is migrated: the process can serve calls. Asked at most once a second (the monotonic
     * clock, not the app's): calls within it share the answer, a burst costs one query.
     */
    ready(): Promise<Readiness> {
      const now = performance.now()
      if (last === undefined || now - last.at >= READY_CACHE_MS) last = { at: now, answer: check() }
      return last.answer
    },
  }
}
