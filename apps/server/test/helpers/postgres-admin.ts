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

/** Creates the database `name` next to `adminUrl`'s, empty or a copy of `template`; answers its URL. */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  for (const named of [name, template ?? name])
    if (!NAME.test(named)) throw new Error(`not a database name: ${named}`)
  await asAdmin(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`)
  return withDatabaseName(adminUrl, name)
}

/**
 * The database `name` next to `adminUrl`'s, made by `fill` on first use: filled under another name, then renamed, so
 * that a concurrent run never copies a half-filled one (nobody may stay connected to a template). Answers `name`.
 */
export async function ensureTemplate(
  adminUrl: string,
  name: string,
  fill: (url: string) => Promise<void>,
): Promise<string> {
  if (!NAME.test(name)) throw new Error(`not a database name: ${name}`)
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    const made = async () =>
      (await admin.query('select from pg_database where datname = $1', [name])).rowCount
    if (await made()) return name
    const partial = `${name.slice(0, 40)}_${process.pid}_partial`
    await admin.query(`drop database if exists ${partial} with (force)`)
    await admin.query(`create database ${partial}`)
    try {
      await fill(withDatabaseName(adminUrl, partial))
      await admin.query(`alter database ${partial} rename to ${name}`)
    } catch (error) {
      await admin.query(`drop database if exists ${partial} with (force)`)
      // Another run made it first: use theirs.
      if (!(await made())) throw error
    }
    return name
  } finally {
    await admin.end()
  }
}

/** Drops the database `name` next to `adminUrl`'s, closing its connections; nothing if it is gone. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!NAME.test(name)) throw new Error(`not a database name: ${name}`)
  await asAdmin(adminUrl, `drop database if exists ${name} with (force)`)
}
