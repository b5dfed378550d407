import { type SQL, sql } from 'drizzle-orm'

/** A time in raw SQL: an ISO string cast to timestamptz, read alike by PGlite and node-postgres. */
export const timestamptz = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`
