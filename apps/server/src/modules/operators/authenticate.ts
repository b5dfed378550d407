/**
 * Who is calling an /ops route: the bootstrap OPS_TOKEN, a personal API token, or a console session cookie (with
 * its CSRF token on changes).
 */
import { timingSafeEqual } from 'node:crypto'
import { unauthorized } from '#lib/domain-error.ts'
import { epochSeconds } from '#lib/epoch-seconds.ts'
import { opsTokenMatches } from '../secrets/ops-token.ts'
import { actorOf, BOOTSTRAP_LOGIN, type OperatorActor, tokenExpiry } from './actor.ts'
import { csrfOf, type OperatorsContext, sha256 } from './context.ts'
import * as repo from './repository.ts'

/** A console session ends after this long without a call... */
export const SESSION_IDLE_SECONDS = 30 * 60
/** `lastSeenAt` is written at most this often (a call per poll would otherwise write a row each time). */
const TOUCH_EVERY_SECONDS = 30
/** An API token's last use is written at most this often (a script's burst of calls writes once). */
const TOKEN_TOUCH_EVERY_SECONDS = 60

/** `Authorization: Bearer`: the bootstrap OPS_TOKEN (an admin) or an operator's personal API token. */
export async function authenticateToken(
  ctx: OperatorsContext,
  presented: string | undefined,
): Promise<OperatorActor> {
  const { db } = ctx
  if (presented === undefined) throw unauthorized('Operator token required')
  if (opsTokenMatches(presented, ctx.opsToken))
    return { id: null, login: BOOTSTRAP_LOGIN, role: 'admin', via: 'token' }
  const row = await repo.findOperatorByApiTokenHash(db, sha256(presented))
  if (row === undefined || row.disabledAt !== null) throw unauthorized('Operator token required')
  const at = ctx.now()
  const expiresAt = tokenExpiry(row, ctx.config.operators.apiTokenTtlSeconds)
  if (expiresAt === null || expiresAt <= at)
    throw unauthorized(
      `This API token of ${row.login} expired at ${expiresAt?.toISOString() ?? 'its issue'}: an admin issues a new one (npm run ops -- operator token ${row.login})`,
    )
  const lastUsed = row.apiTokenLastUsedAt
  if (lastUsed === null || at.getTime() - lastUsed.getTime() >= TOKEN_TOUCH_EVERY_SECONDS * 1000)
    await repo.touchApiToken(db, row.id, at, new Date(at.getTime() - TOKEN_TOUCH_EVERY_SECONDS * 1000))
  return actorOf(row)
}

/** The console's session cookie: live, not idle too long, not past its absolute end, operator enabled. */
export async function authenticateSession(ctx: OperatorsContext, token: string): Promise<OperatorActor> {
  const { db } = ctx
  const found = await repo.findLiveSession(db, sha256(token))
  const at = ctx.now()
  if (found === undefined) throw unauthorized('Session expired')
  const { session, operator } = found
  const idleEnd = session.lastSeenAt.getTime() + SESSION_IDLE_SECONDS * 1000
  if (operator.disabledAt !== null || session.expiresAt <= at || idleEnd <= at.getTime()) {
    await repo.revokeSession(db, session.id, at)
    throw unauthorized('Session expired')
  }
  if (at.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_SECONDS * 1000)
    await repo.touchSession(db, session.id, at)
  return {
    ...actorOf(operator),
    via: 'session',
    session: { id: session.id, csrfToken: csrfOf(ctx, token), expiresAt: session.expiresAt },
  }
}

export function csrfMatches(actor: OperatorActor, presented: string | undefined): boolean {
  if (actor.session === undefined || presented === undefined) return false
  const a = Buffer.from(presented)
  const b = Buffer.from(actor.session.csrfToken)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function me(actor: OperatorActor) {
  return {
    login: actor.login,
    role: actor.role,
    csrfToken: actor.session?.csrfToken ?? null,
    expiresAt: actor.session ? epochSeconds(actor.session.expiresAt) : null,
  }
}
