/**
 * What a request must pass before email sign-in does its work: the client address's and the email's limits, the
 * accepted domains, and a password hard enough to guess.
 */
import type { Db } from '#db/client.ts'
import { countInWindow, waitWhenOver } from '#db/rate-limit-counters.ts'
import type { EmailCodePurpose } from '#db/schema.ts'
import { DomainError } from '#lib/domain-error.ts'
import { readSettings } from '../settings/repository.ts'
import type { EmailAuthContext } from './context.ts'
import { passwordWeakness } from './password-strength.ts'
import { emailDomain } from './secrets.ts'

const tooMany = (wait: number) =>
  new DomainError(429, 'RATE_LIMITED', 'Too many requests, try again later', { wait })
const emailFlood = (wait: number) =>
  new DomainError(429, 'EMAIL_FLOOD', `Too many codes asked for this email; wait ${wait} seconds`, { wait })

/** Seconds to wait when `key` went over `max` in its window, else 0 (the use is counted either way). */
async function overLimit(
  ctx: EmailAuthContext,
  dbOrTx: Db,
  key: string,
  limit: { max: number; windowSeconds: number },
): Promise<number> {
  const at = ctx.now()
  return waitWhenOver(await countInWindow(dbOrTx, key, limit.windowSeconds, at), limit, at)
}

export async function limitAddress(ctx: EmailAuthContext, ip: string): Promise<void> {
  const wait = await overLimit(ctx, ctx.db, `email-code:ip:${ip}`, ctx.config.emailAuth.codesPerAddress)
  if (wait > 0) throw tooMany(wait)
}

/**
 * Counts a request that may mail `email` (register, a new code, a reset), inside the caller's transaction, for
 * every address alike, known or not, so that a flood says nothing of the address: one a minute per purpose and
 * `codesPerEmail` an hour, else EMAIL_FLOOD with the wait (the count rolls back with the refusal).
 */
export async function limitEmail(
  ctx: EmailAuthContext,
  tx: Db,
  email: string,
  purpose: EmailCodePurpose,
): Promise<void> {
  const rules = ctx.config.emailAuth
  const minute = { max: 1, windowSeconds: rules.codeCooldownSeconds }
  const wait =
    (await overLimit(ctx, tx, `email-code:minute:${purpose}:${email}`, minute)) ||
    (await overLimit(ctx, tx, `email-code:email:${email}`, rules.codesPerEmail))
  if (wait > 0) throw emailFlood(wait)
}

export async function checkDomain(ctx: EmailAuthContext, email: string): Promise<void> {
  const allowed = (await readSettings(ctx.db)).email_allowed_domains
  if (allowed.length > 0 && !allowed.includes(emailDomain(email))) {
    throw new DomainError(
      400,
      'EMAIL_DOMAIN_NOT_ACCEPTABLE',
      `Email domains accepted: ${allowed.join(', ')}`,
      {
        allowedDomains: allowed,
      },
    )
  }
}

/**
 * A new password (registration, reset) beyond the contract's length and not-the-email checks: not too easy to
 * guess (zxcvbn, with the email's words). Checked after the client address's limit, which bounds the scoring's
 * CPU, and before anything is hashed.
 */
export async function refuseWeakPassword(password: string, email: string): Promise<void> {
  const weakness = await passwordWeakness(password, [email, email.slice(0, email.lastIndexOf('@'))])
  if (!weakness) return
  const { common, ...details } = weakness
  if (common) throw new DomainError(400, 'PASSWORD_TOO_COMMON', 'This password is too common: choose another')
  throw new DomainError(
    400,
    'PASSWORD_TOO_WEAK',
    'This password is too easy to guess: choose a stronger one',
    details,
  )
}
