/**
 * Named operators (docs/console.md): who is calling (the bootstrap OPS_TOKEN, a personal API token, or a console
 * session cookie), the console's login with password and TOTP, bounds on failures (per address, and per login over
 * every address, modules/sign-in-guard), sessions with idle
 * and absolute expiry, logout everywhere, and the admin's operator changes (audited by the caller, through
 * `audit.record`, with `snapshot`; sign-ins and sign-outs are appended here, in their own transactions).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  type ChangeOperatorBodySchema,
  type CreateOperator,
  type LoginBody,
  OPERATOR_ROLES,
  type Operator,
  type OperatorEnrolment,
  type OperatorRole,
  type Trends,
} from '@app/contract/ops'
import type * as z from 'zod/mini'
import type { Config } from '../../config.ts'
import { type BotMessageKind, queueOpsMessage, transactionThenWake } from '../../db/bot-outbox.ts'
import type { Db } from '../../db/client.ts'
import { hashPassword, seal, unseal, verifyAgainstDecoy, verifyPassword } from '../../lib/crypto.ts'
import { DomainError, notFound, unauthorized, validationError } from '../../lib/domain-error.ts'
import { epochSeconds } from '../../lib/epoch-seconds.ts'
import { appendAudit } from '../audit/service.ts'
import { opsTokenMatches } from '../secrets/ops-token.ts'
import { beginSignIn, resetSignIn } from '../sign-in-guard/guard.ts'
import type { OperatorKeys } from './keys.ts'
import { readOverview, readTrends } from './overview.ts'
import * as repo from './repository.ts'
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp.ts'

/** A console session ends after this long without a call... */
export const SESSION_IDLE_SECONDS = 30 * 60
/** ...and after this long whatever the activity. */
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60
/** `lastSeenAt` is written at most this often (a call per poll would otherwise write a row each time). */
const TOUCH_EVERY_SECONDS = 30
/** An API token's last use is written at most this often (a script's burst of calls writes once). */
export const TOKEN_TOUCH_EVERY_SECONDS = 60

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

export type OperatorServiceDeps = {
  db: Db
  now: () => Date
  opsToken: string
  operatorKeys: OperatorKeys
  config: Pick<Config, 'passwordCost' | 'operatorLoginFailures' | 'operators' | 'chain'> & {
    bot: Pick<Config['bot'], 'opsChatId'>
  }
  /** Wakes the bot's outbox worker once a change that queued a message committed (services.ts). */
  messageQueued?: (() => void) | undefined
}
export type OperatorService = ReturnType<typeof createOperatorService>

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url')

/** When the operator's API token stops working (null: none). */
const tokenExpiry = (row: repo.OperatorRow, ttlSeconds: number) =>
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

const rank = (role: OperatorRole) => OPERATOR_ROLES.indexOf(role)
/** Whether the operator may approve and send payouts at all (enabled, a role above viewer). */
const mayMovePayouts = (row: { role: OperatorRole; disabledAt: Date | null }) =>
  row.disabledAt === null && row.role !== 'viewer'

const TRENDS_FRESH_MS = 5 * 60 * 1000

/** A console sign-in's end: a failure (`wait` when refused before its answer was checked) or a session. */
type LoginOutcome =
  | { ok: false; wait?: number }
  | { ok: true; token: string; row: repo.OperatorRow; expiresAt: Date }

export function createOperatorService(deps: OperatorServiceDeps) {
  let trendsCache: { until: number; value: Promise<Trends> } | undefined
  const { db, now, opsToken, operatorKeys, config } = deps
  const { apiTokenTtlSeconds, fourEyesDelaySeconds } = config.operators
  const view = (row: repo.OperatorRow) => operatorView(row, apiTokenTtlSeconds)
  /** The audit log's picture of an operator: never a hash or a secret, nor the last use. */
  const auditView = (row: repo.OperatorRow) => {
    const { lockedUntil: _l, createdAt: _c, apiTokenLastUsedAt: _u, ...shown } = view(row)
    return shown
  }
  /**
   * Four eyes: from when a new signer's approvals and sends of large payouts count. Someone who joins, gains the
   * role, is enabled again or gets credentials an admin saw waits FOUR_EYES_DELAY_SECONDS, while the operators'
   * chat hears of it (a second account of one person is the risk: docs/console.md).
   */
  const signingFrom = (at: Date) => new Date(at.getTime() + fourEyesDelaySeconds * 1000)

  /** Tells the operators' chat what an admin did to an operator, in the change's transaction. */
  const tell = (
    tx: Db,
    kind: Extract<BotMessageKind, `ops_operator_${string}`>,
    actor: OperatorActor,
    row: repo.OperatorRow,
    extra: { was?: string } = {},
  ) =>
    queueOpsMessage(tx, config.bot.opsChatId, {
      kind,
      params: {
        by: actor.login,
        login: row.login,
        role: row.role,
        from: row.signsPayoutsFrom?.toISOString() ?? '',
        ...extra,
      },
      now: now(),
    })

  const csrfOf = (sessionToken: string) =>
    createHmac('sha256', operatorKeys.csrf).update(sessionToken).digest('base64url')
  /** The login as the sign-in guard names it: an HMAC, never the typed text (it may be a password). */
  const signInSubject = (login: string) =>
    `operator:${createHmac('sha256', operatorKeys.signIn).update(login).digest('hex')}`

  const actorOf = (row: repo.OperatorRow): OperatorActor => ({
    id: row.id,
    login: row.login,
    role: row.role,
    via: 'token',
  })

  async function newCredentials() {
    const password = randomToken(18)
    const totpSecret = newTotpSecret()
    return {
      password,
      totpSecret,
      stored: {
        passwordHash: await hashPassword(password, config.passwordCost),
        totpSecret: seal(operatorKeys.totp, totpSecret),
      },
    }
  }

  async function requireOperator(tx: Db, login: string) {
    const row = await repo.findOperatorByLogin(tx, login, true)
    if (row === undefined) throw notFound(`No operator ${login}`)
    return row
  }

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

  return {
    /** `Authorization: Bearer`: the bootstrap OPS_TOKEN (an admin) or an operator's personal API token. */
    async authenticateToken(presented: string | undefined): Promise<OperatorActor> {
      if (presented === undefined) throw unauthorized('Operator token required')
      if (opsTokenMatches(presented, opsToken))
        return { id: null, login: BOOTSTRAP_LOGIN, role: 'admin', via: 'token' }
      const row = await repo.findOperatorByApiTokenHash(db, sha256(presented))
      if (row === undefined || row.disabledAt !== null) throw unauthorized('Operator token required')
      const at = now()
      const expiresAt = tokenExpiry(row, apiTokenTtlSeconds)
      if (expiresAt === null || expiresAt <= at)
        throw unauthorized(
          `This API token of ${row.login} expired at ${expiresAt?.toISOString() ?? 'its issue'}: an admin issues a new one (npm run ops -- operator token ${row.login})`,
        )
      const lastUsed = row.apiTokenLastUsedAt
      if (lastUsed === null || at.getTime() - lastUsed.getTime() >= TOKEN_TOUCH_EVERY_SECONDS * 1000)
        await repo.touchApiToken(db, row.id, at, new Date(at.getTime() - TOKEN_TOUCH_EVERY_SECONDS * 1000))
      return actorOf(row)
    },

    /** The console's session cookie: live, not idle too long, not past its absolute end, operator enabled. */
    async authenticateSession(token: string): Promise<OperatorActor> {
      const found = await repo.findLiveSession(db, sha256(token))
      const at = now()
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
        session: { id: session.id, csrfToken: csrfOf(token), expiresAt: session.expiresAt },
      }
    },

    /**
     * Password and TOTP code in one call. Every failure answers the same 401 and counts per address
     * (`operatorLoginFailures`, modules/sign-in-guard): an address past its failures waits (429 with the wait),
     * right answers included. Only failures past the right password count per login over every address: past
     * those, only addresses it signed in from lately may try, and the operator's right code ends it. A stranger
     * without the generated password locks nothing. Unknown logins are counted alike, so the answers never tell
     * which logins exist.
     */
    async login(
      body: LoginBody,
      from: { ip?: string | undefined } = {},
    ): Promise<{ token: string; actor: OperatorActor }> {
      const at = now()
      const ip = from.ip ?? null
      const invalid = () => new DomainError(401, 'INVALID_CREDENTIALS', 'Wrong login, password or code')
      const outcome = await db.transaction(async (tx): Promise<LoginOutcome> => {
        const row = await repo.findOperatorByLogin(tx, body.login, true)
        const attempt = await beginSignIn(tx, {
          subject: signInSubject(body.login),
          ip: from.ip ?? 'unknown',
          limits: config.operatorLoginFailures,
          now: at,
          secondFactor: true,
        })
        const refused = async ({ scope, wait }: { scope: string; wait: number }) => {
          await auditSession(tx, row, 'login_failed', { ip, locked: true, scope })
          return { ok: false as const, wait }
        }
        if (!attempt.admitted) return refused(attempt)
        if (row === undefined) {
          await verifyAgainstDecoy(body.password, config.passwordCost)
          await auditSession(tx, undefined, 'login_failed', { ip })
          return { ok: false as const }
        }
        const passwordOk = await verifyPassword(row.passwordHash, body.password)
        const locked = passwordOk ? await attempt.passedPassword() : undefined
        if (locked) return refused(locked)
        const secret = unseal(operatorKeys.totp, row.totpSecret)
        const step =
          secret === undefined ? undefined : acceptedTotpStep(secret, body.code, at, row.totpLastStep)
        if (!passwordOk || step === undefined || row.disabledAt !== null) {
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
          return { ok: false as const }
        }
        // The code is the proof only the operator has: it ends the lock.
        await attempt.succeeded({ signedIn: true, proof: true })
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
      })
      if (!outcome.ok) {
        if (outcome.wait !== undefined)
          throw new DomainError(429, 'RATE_LIMITED', 'Too many failed logins; try again later', {
            wait: outcome.wait,
          })
        throw invalid()
      }
      return {
        token: outcome.token,
        actor: {
          ...actorOf(outcome.row),
          via: 'session',
          session: { id: 0, csrfToken: csrfOf(outcome.token), expiresAt: outcome.expiresAt },
        },
      }
    },

    async logout(actor: OperatorActor): Promise<number> {
      const { session, id } = actor
      if (session === undefined || id === null) return 0
      await db.transaction(async (tx) => {
        await repo.revokeSession(tx, session.id, now())
        await auditSession(tx, { id, login: actor.login }, 'logout', { sessions: 1 })
      })
      return 1
    },

    /** Every console session of the caller (a named operator), this one included, and their API token. */
    async logoutEverywhere(actor: OperatorActor): Promise<number> {
      const { id } = actor
      if (id === null) return 0
      return db.transaction(async (tx) => {
        const sessions = await repo.revokeSessionsOf(tx, id, now())
        const apiToken = await repo.endApiToken(tx, id)
        await auditSession(tx, { id, login: actor.login }, 'logout_everywhere', { sessions, apiToken })
        return sessions
      })
    },

    csrfMatches(actor: OperatorActor, presented: string | undefined): boolean {
      if (actor.session === undefined || presented === undefined) return false
      const a = Buffer.from(presented)
      const b = Buffer.from(actor.session.csrfToken)
      return a.length === b.length && timingSafeEqual(a, b)
    },

    me(actor: OperatorActor) {
      return {
        login: actor.login,
        role: actor.role,
        csrfToken: actor.session?.csrfToken ?? null,
        expiresAt: actor.session ? epochSeconds(actor.session.expiresAt) : null,
      }
    },

    overview: async () => ({
      ...(await readOverview(db, now())),
      chainCheck: { trx: config.chain.tron !== undefined, usdt: config.chain.bsc !== undefined },
    }),
    /**
     * The 30 days, read at most once every 5 minutes per process (callers in between share the answer): on a
     * database whose 30 days hold a million accounts and payouts each series reads them all (seconds), and the days
     * before today do not change.
     */
    trends(): Promise<Trends> {
      const at = now().getTime()
      if (trendsCache === undefined || trendsCache.until <= at) {
        const value = readTrends(db, now())
        trendsCache = { until: at + TRENDS_FRESH_MS, value }
        value.catch(() => {
          trendsCache = undefined
        })
      }
      return trendsCache.value
    },

    async list(): Promise<Operator[]> {
      return (await repo.listOperators(db)).map(view)
    },

    /** The audit log's picture of an operator before and after an admin's change; null when there is none. */
    async snapshot(login: string) {
      const row = await repo.findOperatorByLogin(db, login, true)
      return row === undefined ? null : auditView(row)
    },

    /** A new operator with a generated password and TOTP secret, answered once (the enrolment). */
    async create(actor: OperatorActor, input: CreateOperator): Promise<OperatorEnrolment> {
      const credentials = await newCredentials()
      return transactionThenWake(db, deps.messageQueued, async (tx) => {
        const row = await repo.insertOperator(tx, {
          login: input.login,
          role: input.role,
          ...credentials.stored,
          signsPayoutsFrom: input.role === 'viewer' ? null : signingFrom(now()),
        })
        if (row === undefined)
          throw new DomainError(409, 'INVALID_STATE', `An operator ${input.login} exists already`)
        await tell(tx, 'ops_operator_created', actor, row)
        return {
          operator: view(row),
          password: credentials.password,
          totpUri: totpUri(credentials.totpSecret, row.login),
          totpSecret: credentials.totpSecret,
        }
      })
    },

    /**
     * A new password and TOTP secret (a lost phone): every session ends, the old code no longer works, the login's
     * failures and known addresses are forgotten.
     */
    async resetCredentials(actor: OperatorActor, login: string): Promise<OperatorEnrolment> {
      const credentials = await newCredentials()
      return transactionThenWake(db, deps.messageQueued, async (tx) => {
        const before = await requireOperator(tx, login)
        // The admin has seen the new password and secret: the token ends, and signing waits as for a newcomer.
        const row = await repo.updateOperator(tx, before.id, {
          ...credentials.stored,
          ...repo.NO_API_TOKEN,
          totpLastStep: null,
          lockedUntil: null,
          signsPayoutsFrom: mayMovePayouts(before) ? signingFrom(now()) : null,
        })
        await repo.revokeSessionsOf(tx, row.id, now())
        await resetSignIn(tx, signInSubject(login))
        await tell(tx, 'ops_operator_reset', actor, row)
        return {
          operator: view(row),
          password: credentials.password,
          totpUri: totpUri(credentials.totpSecret, row.login),
          totpSecret: credentials.totpSecret,
        }
      })
    },

    /** Role and enabled state; disabling ends the operator's sessions. Nobody changes their own. */
    async change(
      actor: OperatorActor,
      login: string,
      input: z.infer<typeof ChangeOperatorBodySchema>,
    ): Promise<Operator> {
      if (login === actor.login)
        throw new DomainError(409, 'INVALID_STATE', 'Operators cannot change their own role or state')
      // An empty change reached the update with nothing to set, which the query builder refuses (a 500).
      if (input.role === undefined && input.disabled === undefined)
        throw validationError('Nothing to change: give role or disabled')
      return transactionThenWake(db, deps.messageQueued, async (tx) => {
        const at = now()
        const before = await requireOperator(tx, login)
        const next = {
          role: input.role ?? before.role,
          disabledAt: input.disabled === undefined ? before.disabledAt : input.disabled ? at : null,
        }
        // Signing restarts (after the delay) for one who may now move payouts and could not; it ends for one who
        // may not any more, so an approval they gave stops counting, even if they get the role back later.
        const signsPayoutsFrom = !mayMovePayouts(next)
          ? null
          : mayMovePayouts(before)
            ? before.signsPayoutsFrom
            : signingFrom(at)
        const row = await repo.updateOperator(tx, before.id, {
          ...next,
          signsPayoutsFrom,
          ...(next.disabledAt === null ? {} : repo.NO_API_TOKEN),
        })
        if (row.disabledAt !== null) await repo.revokeSessionsOf(tx, row.id, at)
        if (rank(row.role) > rank(before.role))
          await tell(tx, 'ops_operator_promoted', actor, row, { was: before.role })
        if (before.disabledAt !== null && row.disabledAt === null)
          await tell(tx, 'ops_operator_enabled', actor, row)
        return view(row)
      })
    },

    /**
     * A personal API token for the CLI, shown once, working for OPS_API_TOKEN_TTL_DAYS; a new one replaces the old.
     * Issued by someone else (who then holds it), the operator's signing of large payouts waits again, told to the
     * operators' chat.
     */
    async issueApiToken(actor: OperatorActor, login: string): Promise<{ login: string; token: string }> {
      const token = `opk_${randomToken()}`
      return transactionThenWake(db, deps.messageQueued, async (tx) => {
        const at = now()
        const before = await requireOperator(tx, login)
        const byOther = actor.id !== before.id
        const row = await repo.updateOperator(tx, before.id, {
          apiTokenHash: sha256(token),
          apiTokenIssuedAt: at,
          apiTokenLastUsedAt: null,
          ...(byOther && mayMovePayouts(before) ? { signsPayoutsFrom: signingFrom(at) } : {}),
        })
        if (byOther) await tell(tx, 'ops_operator_api_token', actor, row)
        return { login, token }
      })
    },
  }
}
