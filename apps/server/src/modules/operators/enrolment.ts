/**
 * An operator's credentials, which an admin sees once: a new operator (password and TOTP secret), new ones for a
 * lost phone, and a personal API token for the CLI. Each is audited by the caller (`audit.record`, with
 * `snapshot`) and told to the operators' chat when it makes a new signer of large payouts.
 */
import type { CreateOperator, OperatorEnrolment } from '@app/contract/ops'
import { hashPassword, seal } from '#lib/crypto.ts'
import { DomainError } from '#lib/domain-error.ts'
import { transactionThenWake } from '../bot-outbox/queue.ts'
import { resetSignIn } from '../sign-in-guard/guard.ts'
import { type OperatorActor, operatorView, requireOperator } from './actor.ts'
import { type OperatorsContext, randomToken, sha256, signInSubject } from './context.ts'
import { mayMoveTransactions, signingFrom, tellOperatorsChat } from './four-eyes.ts'
import * as repo from './repository.ts'
import { newTotpSecret, totpUri } from './totp.ts'

/** A generated password and TOTP secret, and what is stored of them (a hash, a sealed secret). */
async function newCredentials(ctx: OperatorsContext) {
  const password = randomToken(18)
  const totpSecret = newTotpSecret()
  return {
    password,
    totpSecret,
    stored: {
      passwordHash: await hashPassword(password, ctx.config.passwordCost),
      totpSecret: seal(ctx.operatorKeys.totp, totpSecret),
    },
  }
}

type Credentials = Awaited<ReturnType<typeof newCredentials>>

const enrolment = (ctx: OperatorsContext, row: repo.OperatorRow, credentials: Credentials) => ({
  operator: operatorView(row, ctx.config.operators.apiTokenTtlSeconds),
  password: credentials.password,
  totpUri: totpUri(credentials.totpSecret, row.login),
  totpSecret: credentials.totpSecret,
})

/** A new operator with a generated password and TOTP secret, answered once (the enrolment). */
export async function createOperator(
  ctx: OperatorsContext,
  actor: OperatorActor,
  input: CreateOperator,
): Promise<OperatorEnrolment> {
  const credentials = await newCredentials(ctx)
  return transactionThenWake(ctx.db, ctx.messageQueued, async (tx) => {
    const row = await repo.insertOperator(tx, {
      login: input.login,
      role: input.role,
      ...credentials.stored,
      signsPayoutsFrom: input.role === 'viewer' ? null : signingFrom(ctx, ctx.now()),
    })
    if (row === undefined)
      throw new DomainError(409, 'INVALID_STATE', `An operator ${input.login} exists already`)
    await tellOperatorsChat(ctx, tx, 'ops_operator_created', actor, row)
    return enrolment(ctx, row, credentials)
  })
}

/**
 * A new password and TOTP secret (a lost phone): every session ends, the old code no longer works, the login's
 * failures and known addresses are forgotten.
 */
export async function resetCredentials(
  ctx: OperatorsContext,
  actor: OperatorActor,
  login: string,
): Promise<OperatorEnrolment> {
  const credentials = await newCredentials(ctx)
  return transactionThenWake(ctx.db, ctx.messageQueued, async (tx) => {
    const before = await requireOperator(tx, login)
    // The admin has seen the new password and secret: the token ends, and signing waits as for a newcomer.
    const row = await repo.updateOperator(tx, before.id, {
      ...credentials.stored,
      ...repo.NO_API_TOKEN,
      totpLastStep: null,
      lockedUntil: null,
      signsPayoutsFrom: mayMoveTransactions(before) ? signingFrom(ctx, ctx.now()) : null,
    })
    await repo.revokeSessionsOf(tx, row.id, ctx.now())
    await resetSignIn(tx, signInSubject(ctx, login))
    await tellOperatorsChat(ctx, tx, 'ops_operator_reset', actor, row)
    return enrolment(ctx, row, credentials)
  })
}

/**
 * A personal API token for the CLI, shown once, working for OPS_API_TOKEN_TTL_DAYS; a new one replaces the old.
 * Issued by someone else (who then holds it), the operator's signing of large payouts waits again, told to the
 * operators' chat.
 */
export async function issueApiToken(
  ctx: OperatorsContext,
  actor: OperatorActor,
  login: string,
): Promise<{ login: string; token: string }> {
  const token = `opk_${randomToken()}`
  return transactionThenWake(ctx.db, ctx.messageQueued, async (tx) => {
    const at = ctx.now()
    const before = await requireOperator(tx, login)
    const byOther = actor.id !== before.id
    const row = await repo.updateOperator(tx, before.id, {
      apiTokenHash: sha256(token),
      apiTokenIssuedAt: at,
      apiTokenLastUsedAt: null,
      ...(byOther && mayMoveTransactions(before) ? { signsPayoutsFrom: signingFrom(ctx, at) } : {}),
    })
    if (byOther) await tellOperatorsChat(ctx, tx, 'ops_operator_api_token', actor, row)
    return { login, token }
  })
}
