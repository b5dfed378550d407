/**
 * The audit log (docs/console.md). `record` runs an operator's change and writes its row in one database
 * transaction: the services it is given are built on that transaction (their own transactions become savepoints
 * of it), so the row is written when the change commits and never when it fails. Nothing here updates or deletes
 * a row; the database refuses it too (a trigger, migration 0009).
 */
import type { AuditEntry } from '@app/contract/ops'
import type { Db } from '../../db/client.ts'
import { validationError } from '../../lib/domain-error.ts'
import type { OperatorActor } from '../operators/service.ts'
import { type AuditFilter, insertAudit, listAudit } from './repository.ts'

export type AuditWhat<S> = {
  action: string
  objectType: string
  objectId: string | null
  reason?: string | null | undefined
  /**
   * The object's state before the change, read in the change's transaction (through `services` or `tx`, never
   * the app's own services: on PGlite those would wait for the connection this transaction holds).
   */
  before?: ((tx: Db, services: S) => Promise<unknown>) | undefined
}

export type AuditServiceDeps<S> = { db: Db; servicesOn: (tx: Db) => S }
export type AuditService<S> = ReturnType<typeof createAuditService<S>>

export function createAuditService<S>({ db, servicesOn }: AuditServiceDeps<S>) {
  return {
    async record<T>(
      actor: OperatorActor,
      what: AuditWhat<S>,
      change: (services: S, tx: Db) => Promise<T>,
      /** The state after, when not the change's result. */
      after: (result: T, tx: Db) => Promise<unknown> | unknown = (result) => result,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const services = servicesOn(tx)
        const before = what.before ? await what.before(tx, services) : null
        const result = await change(services, tx)
        await insertAudit(tx, {
          operatorId: actor.id,
          actor: actor.login,
          action: what.action,
          objectType: what.objectType,
          objectId: what.objectId,
          before: before ?? null,
          after: (await after(result, tx)) ?? null,
          reason: what.reason ?? null,
        })
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
