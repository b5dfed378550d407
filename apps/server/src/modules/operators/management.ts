/** The admin's list of operators, their picture for the audit log, and changes of role and enabled state. */
import type { ChangeOperatorBodySchema, Operator } from '@app/contract/ops'
import type * as z from 'zod/mini'
import { DomainError, validationError } from '#lib/domain-error.ts'
import { transactionThenWake } from '../bot-outbox/queue.ts'
import { type OperatorActor, operatorAuditView, operatorView, requireOperator } from './actor.ts'
import type { OperatorsContext } from './context.ts'
import { mayMoveTransactions, roleRank, signingFrom, tellOperatorsChat } from './four-eyes.ts'
import * as repo from './repository.ts'

export async function listOperators(ctx: OperatorsContext): Promise<Operator[]> {
  return (await repo.listOperators(ctx.db)).map((row) =>
    operatorView(row, ctx.config.operators.apiTokenTtlSeconds),
  )
}

/** The audit log's picture of an operator before and after an admin's change; null when there is none. */
export async function snapshot(ctx: OperatorsContext, login: string) {
  const row = await repo.findOperatorByLogin(ctx.db, login, true)
  return row === undefined ? null : operatorAuditView(row, ctx.config.operators.apiTokenTtlSeconds)
}

/** Role and enabled state; disabling ends the operator's sessions. Nobody changes their own. */
export async function changeOperator(
  ctx: OperatorsContext,
  actor: OperatorActor,
  login: string,
  input: z.infer<typeof ChangeOperatorBodySchema>,
): Promise<Operator> {
  if (login === actor.login)
    throw new DomainError(409, 'INVALID_STATE', 'Operators cannot change their own role or state')
  // An empty change reached the update with nothing to set, which the query builder refuses (a 500).
  if (input.role === undefined && input.disabled === undefined)
    throw validationError('Nothing to change: give role or disabled')
  return transactionThenWake(ctx.db, ctx.messageQueued, async (tx) => {
    const at = ctx.now()
    const before = await requireOperator(tx, login)
    const next = {
      role: input.role ?? before.role,
      disabledAt: input.disabled === undefined ? before.disabledAt : input.disabled ? at : null,
    }
    // Signing restarts (after the delay) for one who may now move payouts and could not; it ends for one who
    // may not any more, so an approval they gave stops counting, even if they get the role back later.
    const signsPayoutsFrom = !mayMoveTransactions(next)
      ? null
      : mayMoveTransactions(before)
        ? before.signsPayoutsFrom
        : signingFrom(ctx, at)
    const row = await repo.updateOperator(tx, before.id, {
      ...next,
      signsPayoutsFrom,
      ...(next.disabledAt === null ? {} : repo.NO_API_TOKEN),
    })
    if (row.disabledAt !== null) await repo.revokeSessionsOf(tx, row.id, at)
    if (roleRank(row.role) > roleRank(before.role))
      await tellOperatorsChat(ctx, tx, 'ops_operator_promoted', actor, row, { was: before.role })
    if (before.disabledAt !== null && row.disabledAt === null)
      await tellOperatorsChat(ctx, tx, 'ops_operator_enabled', actor, row)
    return operatorView(row, ctx.config.operators.apiTokenTtlSeconds)
  })
}
