/**
 * All SQL of housekeeping (docs/resilience.md, 'Housekeeping'): one delete per job, in batches, the claim of a
 * round, and the tables' row counts. Money rows (accounts, invoices, transactions, referral earnings, rates, bank
 * cards, payout approvals) and the audit log are never touched here.
 */
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { timestamptz } from '#db/timestamp.ts'
import { pruneIdempotencyKeys } from '../idempotency/repository.ts'
import { KNOWN_ADDRESS_SECONDS } from '../sign-in-guard/guard.ts'

/** Telegram keeps an update it could not deliver for 24 hours: a handled update's record outlives that. */
const HANDLED_UPDATE_MIN_KEEP_MS = 24 * 3600 * 1000

/** One job: deletes up to `limit` rows it is done with (as of `cutoffs`) and answers how many went. */
export type PruneJob = {
  name: string
  prune: (db: Db, cutoffs: Cutoffs, limit: number) => Promise<number>
}

/**
 * A job that deletes the rows of `table` matching `doomed`, by its key column(s), `limit` at a time, so that no
 * round holds many row locks at once.
 */
function deleteJob(name: string, table: string, key: string, doomed: (cutoffs: Cutoffs) => SQL): PruneJob {
  return {
    name,
    async prune(db, cutoffs, limit) {
      const t = sql.raw(table)
      const k = sql.raw(key)
      const result = (await db.execute(sql`
        delete from ${t} where (${k}) in (select ${k} from ${t} where ${doomed(cutoffs)} limit ${limit})
        returning 1 as gone
      `)) as { rows: unknown[] }
      return result.rows.length
    },
  }
}

/** The moments before which rows are done with: `retention` ago, `deadRetention` ago, `counterWindow` ago. */
export type Cutoffs = { retention: Date; deadRetention: Date; counterWindow: Date; now: Date }

/**
 * The jobs, small and one per kind of row. Each condition says when a row can no longer matter: its window, code,
 * token, session or flow ended (and `retention` has passed since, for people looking into an incident), or its
 * message was delivered `retention` ago or gave up `deadRetention` ago.
 */
export const PRUNE_JOBS: readonly PruneJob[] = [
  // Fixed-window counters (code sends, email codes and logins): a row whose window ended counts as no row.
  deleteJob(
    'rate-limit counters',
    'rate_limit_counters',
    'key',
    (c) => sql`window_start < ${timestamptz(c.counterWindow)}`,
  ),
  // Expired, revoked or spent. A spent token kept `retention` still revokes its family when replayed; later it
  // is simply unknown (401).
  deleteJob(
    'refresh tokens',
    'refresh_tokens',
    'id',
    (c) =>
      sql`expires_at < ${timestamptz(c.retention)} or revoked_at < ${timestamptz(c.retention)} or used_at < ${timestamptz(c.retention)}`,
  ),
  // Email codes and the password-reset holds they carry (new_password_hash): expired or used.
  deleteJob(
    'email codes',
    'email_codes',
    'id',
    (c) => sql`expires_at < ${timestamptz(c.retention)} or used_at < ${timestamptz(c.retention)}`,
  ),
  // Email registrations never proven (their password hashes): over an hour after they were made.
  deleteJob(
    'email registrations',
    'email_registrations',
    'id',
    (c) => sql`created_at < ${timestamptz(c.retention)}`,
  ),
  // Login and sign-up flows (they never hold a code or password) left unfinished.
  deleteJob(
    'submission flows',
    'submission_flows',
    'id',
    (c) => sql`expires_at < ${timestamptz(c.retention)}`,
  ),
  deleteJob(
    'operator sessions',
    'operator_sessions',
    'id',
    (c) => sql`expires_at < ${timestamptz(c.retention)} or revoked_at < ${timestamptz(c.retention)}`,
  ),
  deleteJob(
    'email outbox',
    'email_outbox',
    'id',
    (c) =>
      sql`(status = 'sent' and sent_at < ${timestamptz(c.retention)}) or (status = 'failed' and created_at < ${timestamptz(c.deadRetention)})`,
  ),
  // A payout's review alert (dedupe key `review:<uid>`) stays while the payout is in review, or it would be sent
  // again.
  deleteJob(
    'bot outbox',
    'bot_outbox',
    'id',
    (c) => sql`((status = 'sent' and sent_at < ${timestamptz(c.retention)})
        or (status = 'failed' and created_at < ${timestamptz(c.deadRetention)}))
      and (dedupe_key is null or not exists (
        select 1 from transactions t where t.status = 'review' and 'review:' || t.uid::text = bot_outbox.dedupe_key))`,
  ),
  // Addresses a sign-in succeeded from, once they no longer count as its own (modules/sign-in-guard).
  deleteJob(
    'sign-in addresses',
    'sign_in_addresses',
    'subject, address',
    (c) => sql`last_success_at < ${timestamptz(new Date(c.now.getTime() - KNOWN_ADDRESS_SECONDS * 1000))}`,
  ),
  // Updates the bot handled (docs/bot.md, 'Each update once'): kept `retention`, and never less than a day, as
  // Telegram redelivers an update for 24 hours at most; a row gone sooner would let a late replay be answered.
  deleteJob(
    'bot updates',
    'bot_updates',
    'bot_id, update_id',
    (c) =>
      sql`handled_at < least(${timestamptz(c.retention)}, ${timestamptz(new Date(c.now.getTime() - HANDLED_UPDATE_MIN_KEEP_MS))})`,
  ),
  // Idempotency keys (plugins/idempotency.ts) past their expiry: a cache whose answers may no longer be replayed.
  { name: 'idempotency keys', prune: (db, cutoffs) => pruneIdempotencyKeys(db, cutoffs.now) },
]

/** Every table of the public schema with its row count (exact, `count(*)`), by name. */
export async function tableRowCounts(db: Db): Promise<{ table: string; rows: number }[]> {
  const tables = (await db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name
  `)) as { rows: { table_name: string }[] }
  const counts: { table: string; rows: number }[] = []
  for (const { table_name } of tables.rows) {
    const counted = (await db.execute(
      sql`select count(*)::text as n from ${sql.identifier(table_name)}`,
    )) as { rows: { n: string }[] }
    counts.push({ table: table_name, rows: Number(counted.rows[0]?.n ?? 0) })
  }
  return counts
}
