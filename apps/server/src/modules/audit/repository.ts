/** The audit log's SQL: one insert per operator change, in the change's transaction, and the filtered list. */
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { auditLog } from './schema.ts'

export type AuditInsert = {
  operatorId: number | null
  actor: string
  action: string
  objectType: string
  objectId: string | null
  before: unknown
  after: unknown
  reason: string | null
}

export async function insertAudit(db: Db, entry: AuditInsert): Promise<void> {
  await db.insert(auditLog).values({
    ...entry,
    before: entry.before === undefined ? null : entry.before,
    after: entry.after === undefined ? null : entry.after,
  })
}

export type AuditFilter = {
  actor?: string | undefined
  objectType?: string | undefined
  objectId?: string | undefined
  action?: string | undefined
  from?: Date | undefined
  to?: Date | undefined
  /** Rows with an id below this one (the next page, newest first). */
  beforeId?: number | undefined
  limit: number
}

export async function listAudit(db: Db, filter: AuditFilter) {
  const conditions: SQL[] = []
  if (filter.actor !== undefined) conditions.push(eq(auditLog.actor, filter.actor))
  if (filter.objectType !== undefined) conditions.push(eq(auditLog.objectType, filter.objectType))
  if (filter.objectId !== undefined) conditions.push(eq(auditLog.objectId, filter.objectId))
  if (filter.action !== undefined) conditions.push(eq(auditLog.action, filter.action))
  if (filter.from !== undefined) conditions.push(gte(auditLog.at, filter.from))
  if (filter.to !== undefined) conditions.push(lt(auditLog.at, filter.to))
  if (filter.beforeId !== undefined) conditions.push(lt(auditLog.id, filter.beforeId))
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1)
}
