/**
 * Email codes (verification and password reset): a new one and its mail through the email outbox, and the check of
 * one inside the transaction that acts on it. Codes are stored as HMACs and compared in constant time; the plain
 * code leaves this module only inside a sealed outbox mail.
 */
import type { Language } from '@app/contract'
import type { Db } from '#db/client.ts'
import { countInWindow, uncount, waitWhenOver } from '#db/rate-limit-counters.ts'
import type { EmailCodePurpose } from '#db/schema.ts'
import { seal } from '#lib/crypto.ts'
import { tooManyRequests } from '#lib/domain-error.ts'
import type { MailPayload } from '../email-outbox/delivery.ts'
import { insertOutboxMail } from '../email-outbox/repository.ts'
import type { MailKind } from '../email-outbox/templates.ts'
import type { EmailAuthContext } from './context.ts'
import { type EmailIdentity, lockCode, recordWrongTry, replaceCode } from './repository.ts'
import { codeMatches, generateCode, hashCode } from './secrets.ts'

/** Why a code was refused; every case answers the same 401 so that nothing is learnt from the difference. */
export type CodeOutcome = { ok: true } | { ok: false; attemptsLeft: number }

/** A mail in the outbox, inside the caller's transaction: it commits with what it tells of, or not at all. */
export async function queueMail(
  ctx: EmailAuthContext,
  tx: Db,
  to: string,
  kind: MailKind,
  language: Language,
  code = '',
): Promise<void> {
  const minutes = Math.round(ctx.config.emailAuth.codeTtlSeconds / 60)
  const payload: MailPayload = { ...ctx.mailTemplates.render(kind, language, { code, minutes }), code }
  await insertOutboxMail(tx, {
    recipient: to,
    kind,
    payload: seal(ctx.emailKeys.outbox, JSON.stringify(payload)),
    now: ctx.now(),
  })
}

/** A new code for the identity (the previous one of its purpose stops working), and its mail. */
export async function issueCode(
  ctx: EmailAuthContext,
  tx: Db,
  identity: Pick<EmailIdentity, 'id' | 'email'>,
  purpose: EmailCodePurpose,
  language: Language,
  newPasswordHash: string | null,
): Promise<void> {
  const at = ctx.now()
  const code = generateCode()
  await replaceCode(tx, {
    identityId: identity.id,
    purpose,
    codeHash: hashCode(ctx.emailKeys.codes, purpose, identity.id, code),
    newPasswordHash,
    now: at,
    expiresAt: new Date(at.getTime() + ctx.config.emailAuth.codeTtlSeconds * 1000),
  })
  await queueMail(ctx, tx, identity.email, purpose, language, code)
}

/**
 * Checks a code inside the transaction that acts on it: right, unexpired, unused, within its tries. A wrong try
 * is counted (the transaction commits it); the caller answers 401 after the commit. A try at a live code is a
 * guess, and the email has `codeTriesPerEmail` wrong ones a day over all its codes: past them every try answers
 * 429 with the wait (thrown, so the transaction and its count roll back), the right code included.
 */
export async function checkCode(
  ctx: EmailAuthContext,
  tx: Db,
  identity: Pick<EmailIdentity, 'id' | 'email'>,
  purpose: EmailCodePurpose,
  code: string,
): Promise<
  | (CodeOutcome & { ok: true; codeId: number; attempts: number; newPasswordHash: string | null })
  | (CodeOutcome & { ok: false })
> {
  const rules = ctx.config.emailAuth
  const at = ctx.now()
  const stored = await lockCode(tx, identity.id, purpose)
  if (!stored || stored.usedAt !== null || stored.expiresAt.getTime() <= at.getTime()) {
    return { ok: false, attemptsLeft: 0 }
  }
  if (stored.attempts >= rules.maxCodeAttempts) return { ok: false, attemptsLeft: 0 }
  const triesKey = await countGuess(ctx, tx, identity.email)
  if (!codeMatches(ctx.emailKeys.codes, stored.codeHash, purpose, identity.id, code)) {
    await recordWrongTry(tx, stored.id)
    return { ok: false, attemptsLeft: Math.max(0, rules.maxCodeAttempts - stored.attempts - 1) }
  }
  // The right code is no wrong try.
  await uncount(tx, triesKey)
  return { ok: true, codeId: stored.id, attempts: stored.attempts, newPasswordHash: stored.newPasswordHash }
}

/** One guess of the email's day (`codeTriesPerEmail`); past them, 429 with the wait. Answers the counter's key. */
async function countGuess(ctx: EmailAuthContext, tx: Db, email: string): Promise<string> {
  const rules = ctx.config.emailAuth
  const at = ctx.now()
  const key = `email-code:tries:${email}`
  const wait = waitWhenOver(
    await countInWindow(tx, key, rules.codeTriesPerEmail.windowSeconds, at),
    rules.codeTriesPerEmail,
    at,
  )
  if (wait > 0) throw tooManyRequests(wait)
  return key
}

/**
 * A code entered by someone with no registration of the address (no session or password of theirs): the code is
 * neither read nor spent, and the answer is an unknown address's, so it tells nothing of the address. It is a guess
 * of the email's day, so a registrant's password is guessed here no faster than a code.
 */
export async function strangersTry(
  ctx: EmailAuthContext,
  tx: Db,
  email: string,
): Promise<{ ok: false; attemptsLeft: number }> {
  await countGuess(ctx, tx, email)
  return { ok: false, attemptsLeft: ctx.config.emailAuth.maxCodeAttempts }
}

/**
 * A right code that proves nothing (its registration or password did not match): the try is spent after all,
 * and the tries left are answered.
 */
export async function spendTry(
  ctx: EmailAuthContext,
  tx: Db,
  checked: { codeId: number; attempts: number },
): Promise<{ ok: false; attemptsLeft: number }> {
  await recordWrongTry(tx, checked.codeId)
  return { ok: false, attemptsLeft: Math.max(0, ctx.config.emailAuth.maxCodeAttempts - checked.attempts - 1) }
}
