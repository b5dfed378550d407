/**
 * Four eyes on operators (docs/console.md): from when a signer's approvals and sends of large payouts count, and
 * the operators' chat told of what an admin did to an operator.
 */
import { OPERATOR_ROLES, type OperatorRole } from '@app/contract/ops'
import type { Db } from '#db/client.ts'
import type { BotMessageKind } from '../bot-outbox/messages.ts'
import { queueOpsMessage } from '../bot-outbox/queue.ts'
import type { OperatorActor } from './actor.ts'
import type { OperatorsContext } from './context.ts'
import type { OperatorRow } from './repository.ts'

export const roleRank = (role: OperatorRole) => OPERATOR_ROLES.indexOf(role)

/** Whether the operator may approve and send payouts at all (enabled, a role above viewer). */
export const mayMoveTransactions = (row: { role: OperatorRole; disabledAt: Date | null }) =>
  row.disabledAt === null && row.role !== 'viewer'

/**
 * From when a new signer's approvals and sends of large payouts count. Someone who joins, gains the role, is
 * enabled again or gets credentials an admin saw waits FOUR_EYES_DELAY_SECONDS, while the operators' chat hears of
 * it (a second account of one person is the risk: docs/console.md).
 */
export const signingFrom = (ctx: OperatorsContext, at: Date) =>
  new Date(at.getTime() + ctx.config.operators.fourEyesDelaySeconds * 1000)

/** Tells the operators' chat what an admin did to an operator, in the change's transaction. */
export const tellOperatorsChat = (
  ctx: OperatorsContext,
  tx: Db,
  kind: Extract<BotMessageKind, `ops_operator_${string}`>,
  actor: OperatorActor,
  row: OperatorRow,
  extra: { was?: string } = {},
) =>
  queueOpsMessage(tx, ctx.config.bot.opsChatId, {
    kind,
    params: {
      by: actor.login,
      login: row.login,
      role: row.role,
      from: row.signsPayoutsFrom?.toISOString() ?? '',
      ...extra,
    },
    now: ctx.now(),
  })
