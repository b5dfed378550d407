/**
 * Prints every table's row count of a database: a PGlite data folder (`--data-dir`, the server must be stopped: the
 * folder is locked while it runs) or PostgreSQL (`--pg URL`). The load bench prints them before and after its run
 * (`printTableSizes`), to show that housekeeping keeps the pruned tables bounded (docs/resilience.md).
 *
 *   npx tsx apps/server/scripts/table-sizes.ts --pg postgres://... | --data-dir ./data [--json]
 */
import { fileURLToPath } from 'node:url'
import { type Database, openPglite, openPostgres } from '../src/db/client.ts'
import { lockDataDir } from '../src/lib/data-dir-lock.ts'
import { tableRowCounts } from '../src/modules/housekeeping/repository.ts'

export type RowCounts = { table: string; rows: number }[]

/** A table of row counts; with `before`, the counts then, now and the difference. */
export function formatRowCounts(now: RowCounts, before?: RowCounts): string {
  const then = new Map(before?.map((c) => [c.table, c.rows]))
  const width = Math.max(5, ...now.map((c) => c.table.length))
  const num = (n: number) => n.toLocaleString('en-US').padStart(12)
  const head = before
    ? `${'table'.padEnd(width)} ${'before'.padStart(12)} ${'after'.padStart(12)} ${'change'.padStart(12)}`
    : `${'table'.padEnd(width)} ${'rows'.padStart(12)}`
  const lines = now.map((c) => {
    if (!before) return `${c.table.padEnd(width)} ${num(c.rows)}`
    const was = then.get(c.table) ?? 0
    const change = c.rows - was
    return `${c.table.padEnd(width)} ${num(was)} ${num(c.rows)} ${(change > 0 ? `+${change.toLocaleString('en-US')}` : change.toLocaleString('en-US')).padStart(12)}`
  })
  return [head, ...lines].join('\n')
}

/** Counts the database's tables and prints them under `label` (beside `before` when given); answers the counts. */
export async function printTableSizes(
  database: Database,
  label: string,
  before?: RowCounts,
): Promise<RowCounts> {
  const counts = await tableRowCounts(database.db)
  process.stdout.write(`\n${label}\n${formatRowCounts(counts, before)}\n`)
  return counts
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const option = (name: string) => {
    const i = args.indexOf(name)
    return i >= 0 ? args[i + 1] : undefined
  }
  const pg = option('--pg')
  const dataDir = option('--data-dir')
  if ((pg === undefined) === (dataDir === undefined)) {
    process.stderr.write('usage: table-sizes.ts --pg postgres://... | --data-dir <folder> [--json]\n')
    process.exit(2)
  }
  const lock = dataDir === undefined ? undefined : await lockDataDir(dataDir, () => process.exit(1))
  const database = pg !== undefined ? await openPostgres(pg) : await openPglite(dataDir ?? '')
  try {
    const counts = await tableRowCounts(database.db)
    process.stdout.write(
      args.includes('--json') ? `${JSON.stringify(counts)}\n` : `${formatRowCounts(counts)}\n`,
    )
  } finally {
    await database.close()
    await lock?.release()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`)
    process.exit(1)
  })
}
