import { validationError } from '#lib/domain-error.ts'
import type { AuditActor } from './service.ts'

/** A reason is required from named operators (kept in the audit log); the bootstrap token may omit it. */
export function requireReason(actor: AuditActor, reason: string | undefined): string | null {
  if (reason !== undefined) return reason
  if (actor.id === null) return null
  throw validationError('reason: required')
}
