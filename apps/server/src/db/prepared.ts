/**
 * Prepared statements of the hot reads (docs/resilience.md, 'Load'). Drizzle builds a query's SQL text, its parameters
 * and its row mapping on every call: for the dashboard's statement that cost more Node CPU than PostgreSQL spent
 * executing it (docs/measurements/load.md). `.prepare(name)` builds them once, and the values come as placeholders
 * (`sql.placeholder`). On node-postgres the name also makes a named statement: each pooled connection parses and plans
 * it once and then only binds and executes it. PGlite runs the same text, unnamed.
 *
 * A prepared query belongs to the database handle it was built on, so each is kept per handle: built once for the
 * app's `db`; inside a transaction (a `tx` of its own each time) it is built on each call, as without preparing.
 */
import type { Db } from './client.ts'

export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>()
  return (db) => {
    let prepared = built.get(db)
    if (prepared === undefined) {
      prepared = build(db)
      built.set(db, prepared)
    }
    return prepared
  }
}
