/**
 * The audit log (docs/console.md), one path for every row: `appendAudit` writes it, inside the transaction of what
 * it records. `record` runs an operator's change and writes its row in one database transaction: the services it
 * is given are built on that transaction (their own transactions become savepoints of it), so the row is written
 * when the change commits and never when it fails. What must be kept even when the call fails (a failed sign-in)
 * is appended by its service in its own transaction. Nothing here updates or deletes a row; the database refuses
 * it too (a trigger, migration 0009).
 */
import type { AuditEntry } from '@app/contract/ops'
import type { Db } from '#db/client.ts'
import { validationError } from '#lib/domain-error.ts'
import { type AuditFilter, insertAudit, listAudit } from './repository.ts'

/** Who did it: a named operator, the bootstrap token (`id` null), or `unknown` for a login nobody holds. */
export type AuditActor = { id: number | null; login: string }

/** What one row says: the action on an object, why, and the object's state before and after. */
export type AuditRow = {
  action: string
  objectType: string
  objectId: string | null
  reason?: string | null | undefined
  before?: unknown
  after?: unknown
}

/** Writes one row, in `tx`: the change's transaction. */
export function appendAudit(tx: Db, actor: AuditActor, row: AuditRow): Promise<void> {
  return insertAudit(tx, {
    operatorId: actor.id,
    actor: actor.login,
    action: row.action,
    objectType: row.objectType,
    objectId: row.objectId,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason ?? null,
  })
}

export type AuditWhat<S> = Omit<AuditRow, 'before' | 'after'> & {
  /**
   * The object's state before the change, read in the change's transaction through `services` (never the app's
   * own services: on PGlite those would wait for the connection this transaction holds). None: null.
   */
  before?: ((services: S) => Promise<unknown>) | undefined
}

export type AuditServiceDeps<S> = { db: Db; servicesOn: (tx: Db) => S }

export function createAuditService<S>({ db, servicesOn }: AuditServiceDeps<S>) {
  return {
    async record<T>(
      actor: AuditActor,
      what: AuditWhat<S>,
      change: (services: S) => Promise<T>,
      /** The state after, when not the change's result (which may hold what the log must not: a password). */
      after: (result: T, services: S) => Promise<unknown> | unknown = (result) => result,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const services = servicesOn(tx)
        const before = what.before ? await what.before(services) : null
        const result = await change(services)
        await appendAudit(tx, actor, { ...what, before, after: await after(result, services) })
        return result
      })
    },

    async list(filter: Omit<AuditFilter, 'beforeId'> & { cursor?: string | undefined }) {
      const { cursor, ...rest } = filter
      let beforeId: number | undefined
      if (cursor !== undefined) {
        if (!/^\d{1,18}$/.test(cursor)) throw validationError('cursor: invalid cursor')
        beforeId = Number(cursor)
      }
      const rows = await listAudit(db, { ...rest, beforeId })
      const more = rows.length > filter.limit
      const page = rows.slice(0, filter.limit)
      const items: AuditEntry[] = page.map((row) => ({
        id: String(row.id),
        at: row.at.toISOString(),
        actor: row.actor,
        action: row.action,
        objectType: row.objectType,
        objectId: row.objectId,
        before: row.before,
        after: row.after,
        reason: row.reason,
      }))
      return { items, nextPage: more ? (items.at(-1)?.id ?? null) : null }
    },
  }
}
