/**
 * The console's sign-in with password and TOTP, bounded per address and per login over every address
 * (modules/sign-in-guard); sessions with an absolute end; logout and logout everywhere. Sign-ins and sign-outs
 * are appended to the audit log here, in their own transactions.
 */
import type { LoginBody } from '@app/contract/ops'
import type { Db } from '#db/client.ts'
import { unseal, verifyAgainstDecoy, verifyPassword } from '#lib/crypto.ts'
import { DomainError } from '#lib/domain-error.ts'
import { appendAudit } from '../audit/service.ts'
import { beginSignIn, type Refused, type SignInTry } from '../sign-in-guard/guard.ts'
import { actorOf, type OperatorActor } from './actor.ts'
import { csrfOf, type OperatorsContext, randomToken, sha256, signInSubject } from './context.ts'
import * as repo from './repository.ts'
import { acceptedTotpStep } from './totp.ts'

/** A console session ends after this long whatever the activity (and sooner when idle: authenticate.ts). */
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60

/** A console sign-in's end: a failure (`wait` when refused before its answer was checked) or a session. */
type LoginOutcome =
  | { ok: false; wait?: number }
  | { ok: true; token: string; row: repo.OperatorRow; expiresAt: Date }

type Admitted = Extract<SignInTry, { admitted: true }>

/**
 * Sign-ins and sign-outs in the audit log (objectType `session`, the operator's login as object). Never the
 * password or code; an unknown login is recorded as `unknown` (people type passwords into the login field).
 */
const auditSession = (
  tx: Db,
  operator: { id: number; login: string } | undefined,
  action: 'login' | 'login_failed' | 'lockout' | 'logout' | 'logout_everywhere',
  after: Record<string, unknown>,
) =>
  appendAudit(tx, operator ?? { id: null, login: 'unknown' }, {
    action: `session.${action}`,
    objectType: 'session',
    objectId: operator?.login ?? null,
    after,
  })

/**
 * Password and TOTP code in one call. Every failure answers the same 401 and counts per address
 * (`operatorLoginFailures`, modules/sign-in-guard): an address past its failures waits (429 with the wait),
 * right answers included. Only failures past the right password count per login over every address: past
 * those, only addresses it signed in from lately may try, and the operator's right code ends it. A stranger
 * without the generated password locks nothing. Unknown logins are counted alike, so the answers never tell
 * which logins exist.
 */
export async function login(
  ctx: OperatorsContext,
  body: LoginBody,
  from: { ip?: string | undefined } = {},
): Promise<{ token: string; actor: OperatorActor }> {
  const at = ctx.now()
  const outcome = await ctx.db.transaction((tx) => tryLogin(ctx, tx, body, { at, ip: from.ip }))
  if (!outcome.ok) {
    if (outcome.wait !== undefined)
      throw new DomainError(429, 'RATE_LIMITED', 'Too many failed logins; try again later', {
        wait: outcome.wait,
      })
    throw new DomainError(401, 'INVALID_CREDENTIALS', 'Wrong login, password or code')
  }
  return {
    token: outcome.token,
    actor: {
      ...actorOf(outcome.row),
      via: 'session',
      session: { id: 0, csrfToken: csrfOf(ctx, outcome.token), expiresAt: outcome.expiresAt },
    },
  }
}

/** The sign-in's checks, failures counted and audited, and the session when every answer was right. */
async function tryLogin(
  ctx: OperatorsContext,
  tx: Db,
  body: LoginBody,
  from: { at: Date; ip: string | undefined },
): Promise<LoginOutcome> {
  const { at } = from
  const ip = from.ip ?? null
  const row = await repo.findOperatorByLogin(tx, body.login, true)
  const attempt = await beginSignIn(tx, {
    subject: signInSubject(ctx, body.login),
    ip: from.ip ?? 'unknown',
    limits: ctx.config.operatorLoginFailures,
    now: at,
    secondFactor: true,
  })
  const refused = async ({ scope, wait }: Refused) => {
    await auditSession(tx, row, 'login_failed', { ip, locked: true, scope })
    return { ok: false as const, wait }
  }
  if (!attempt.admitted) return refused(attempt)
  if (row === undefined) {
    await verifyAgainstDecoy(body.password, ctx.config.passwordCost)
    await auditSession(tx, undefined, 'login_failed', { ip })
    return { ok: false as const }
  }
  const passwordOk = await verifyPassword(row.passwordHash, body.password)
  const locked = passwordOk ? await attempt.passedPassword() : undefined
  if (locked) return refused(locked)
  const secret = unseal(ctx.operatorKeys.totp, row.totpSecret)
  const step = secret === undefined ? undefined : acceptedTotpStep(secret, body.code, at, row.totpLastStep)
  if (!passwordOk || step === undefined || row.disabledAt !== null) {
    await recordFailure(tx, row, ip, attempt)
    return { ok: false as const }
  }
  // The code is the proof only the operator has: it ends the lock.
  await attempt.succeeded({ signedIn: true, proof: true })
  return openSession(tx, row, step, at, ip)
}

/** A wrong answer in the audit log, with the locks it closed (this address, the login to other addresses). */
async function recordFailure(tx: Db, row: repo.OperatorRow, ip: string | null, attempt: Admitted) {
  await auditSession(tx, row, 'login_failed', { ip, failures: attempt.failures })
  const { address, signIn } = attempt.closes
  if (address)
    await auditSession(tx, row, 'lockout', {
      ip,
      scope: 'address',
      lockedUntil: address.toISOString(),
    })
  if (signIn) {
    // The console shows the login as locked while it is closed to addresses it never signed in from.
    await repo.updateOperator(tx, row.id, { lockedUntil: signIn })
    await auditSession(tx, row, 'lockout', {
      ip,
      scope: 'sign-in',
      lockedUntil: signIn.toISOString(),
    })
  }
}

/** A new session for the operator who answered right: the code's step is spent, the lock ends. */
async function openSession(
  tx: Db,
  row: repo.OperatorRow,
  step: number,
  at: Date,
  ip: string | null,
): Promise<LoginOutcome> {
  const updated = await repo.updateOperator(tx, row.id, { totpLastStep: step, lockedUntil: null })
  const token = randomToken()
  const expiresAt = new Date(at.getTime() + SESSION_ABSOLUTE_SECONDS * 1000)
  await repo.insertSession(tx, {
    tokenHash: sha256(token),
    operatorId: row.id,
    createdAt: at,
    expiresAt,
  })
  await auditSession(tx, row, 'login', { ip, expiresAt: expiresAt.toISOString() })
  return { ok: true as const, token, row: updated, expiresAt }
}

export async function logout(ctx: OperatorsContext, actor: OperatorActor): Promise<number> {
  const { session, id } = actor
  if (session === undefined || id === null) return 0
  await ctx.db.transaction(async (tx) => {
    await repo.revokeSession(tx, session.id, ctx.now())
    await auditSession(tx, { id, login: actor.login }, 'logout', { sessions: 1 })
  })
  return 1
}

/** Every console session of the caller (a named operator), this one included, and their API token. */
export async function logoutEverywhere(ctx: OperatorsContext, actor: OperatorActor): Promise<number> {
  const { id } = actor
  if (id === null) return 0
  return ctx.db.transaction(async (tx) => {
    const sessions = await repo.revokeSessionsOf(tx, id, ctx.now())
    const apiToken = await repo.endApiToken(tx, id)
    await auditSession(tx, { id, login: actor.login }, 'logout_everywhere', { sessions, apiToken })
    return sessions
  })
}
