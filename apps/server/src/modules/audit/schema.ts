/**
 * The audit log (docs/console.md). Part of the one schema: db/schema.ts re-exports it, and drizzle-kit reads
 * it there.
 */
import { bigint, bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { at } from '#db/columns.ts'
import { operators } from '../operators/schema.ts'

/** Append-only: the migration adds a trigger that refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().defaultNow(),
    /** Null for the bootstrap OPS_TOKEN. */
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    /** The operator's login at the time (`bootstrap` for OPS_TOKEN). */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actor, t.id),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.id),
    index('audit_log_at_idx').on(t.at, t.id),
  ],
)
