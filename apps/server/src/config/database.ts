/** The database (PostgreSQL, or PGlite in the data folder) and Redis, for rate-limit counters shared by processes. */
import * as z from 'zod/mini'
import { ConfigError, optionalString } from './env.ts'

export const DatabaseEnv = z.object({
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
})

export type DatabasePart = {
  /** PostgreSQL URL; undefined means PGlite on disk under `dataDir/pglite`. */
  databaseUrl: string | undefined
  redisUrl: string | undefined
}

export function databasePart(e: z.infer<typeof DatabaseEnv>): DatabasePart {
  if (e.DATABASE_URL !== undefined && !/^postgres(ql)?:\/\//.test(e.DATABASE_URL)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL')
  }
  return { databaseUrl: e.DATABASE_URL, redisUrl: e.REDIS_URL }
}

/** A database URL fit for messages: the password is never printed. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password !== '') u.password = '***'
    return u.toString()
  } catch {
    return 'the configured DATABASE_URL'
  }
}
