/**
 * PostgreSQL databases made and dropped next to an admin URL's database (the test helpers, the end-to-end run's
 * servers and its secrets scan). No Vitest import: the e2e global setup, outside the test workers, uses it too.
 */
import pg from 'pg'

/** `url` with its database name replaced by `name`. */
export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}

/** Names a new database may take: lower-case letters, digits and underscores (no quoting needed). */
const NAME = /^[a-z_][a-z0-9_]{0,62}$/

/** Creates the empty database `name` next to `adminUrl`'s; answers its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  if (!NAME.test(name)) throw new Error(`not a database name: ${name}`)
  await asAdmin(adminUrl, `create database ${name}`)
  return withDatabaseName(adminUrl, name)
}

/** Drops the database `name` next to `adminUrl`'s, closing its connections; nothing if it is gone. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!NAME.test(name)) throw new Error(`not a database name: ${name}`)
  await asAdmin(adminUrl, `drop database if exists ${name} with (force)`)
}
