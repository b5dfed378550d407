/** Operators as the use cases show them: who is calling (`OperatorActor`), and an operator's public picture. */
import type { Operator, OperatorRole } from '@app/contract/ops'
import type { Db } from '#db/client.ts'
import { notFound } from '#lib/domain-error.ts'
import * as repo from './repository.ts'

export const BOOTSTRAP_LOGIN = 'bootstrap'

/** Who is calling, as every /ops route sees it. */
export type OperatorActor = {
  /** Null for the bootstrap OPS_TOKEN. */
  id: number | null
  login: string
  role: OperatorRole
  via: 'token' | 'session'
  session?: { id: number; csrfToken: string; expiresAt: Date } | undefined
}

export const actorOf = (row: repo.OperatorRow): OperatorActor => ({
  id: row.id,
  login: row.login,
  role: row.role,
  via: 'token',
})

/** When the operator's API token stops working (null: none). */
export const tokenExpiry = (row: repo.OperatorRow, ttlSeconds: number) =>
  row.apiTokenHash === null || row.apiTokenIssuedAt === null
    ? null
    : new Date(row.apiTokenIssuedAt.getTime() + ttlSeconds * 1000)

export function operatorView(row: repo.OperatorRow, tokenTtlSeconds: number): Operator {
  return {
    login: row.login,
    role: row.role,
    disabled: row.disabledAt !== null,
    hasApiToken: row.apiTokenHash !== null,
    apiTokenExpiresAt: tokenExpiry(row, tokenTtlSeconds)?.toISOString() ?? null,
    apiTokenLastUsedAt: row.apiTokenLastUsedAt?.toISOString() ?? null,
    signsPayoutsFrom: row.signsPayoutsFrom?.toISOString() ?? null,
    lockedUntil: row.lockedUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The audit log's picture of an operator: never a hash or a secret, nor the last use. */
export function operatorAuditView(row: repo.OperatorRow, tokenTtlSeconds: number) {
  const {
    lockedUntil: _l,
    createdAt: _c,
    apiTokenLastUsedAt: _u,
    ...shown
  } = operatorView(row, tokenTtlSeconds)
  return shown
}

/** The operator by login, locked for the change (404 when there is none). */
export async function requireOperator(tx: Db, login: string) {
  const row = await repo.findOperatorByLogin(tx, login, true)
  if (row === undefined) throw notFound(`No operator ${login}`)
  return row
}
