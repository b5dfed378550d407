/**
 * Delivering one claimed mail, and a batch of due ones (docs/email-auth.md): over SMTP, or kept in the dev outbox
 * without SMTP_URL; a failure backs off exponentially, recording the error, until the last attempt marks the mail
 * failed. Each function takes the outbox's context (service.ts builds it).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '#db/client.ts'
import { backoffMs } from '#lib/batch-worker.ts'
import { unseal } from '#lib/crypto.ts'
import type { Config } from '#src/config.ts'
import type { EmailKeys } from './email-keys.ts'
import { type ClaimedMail, claimDueMail, markFailed, markSent } from './repository.ts'
import { type MailTransport, SmtpPlaintextRefused } from './transport.ts'

/** What a queued mail's sealed payload holds. The code is there for the dev outbox's panel only. */
export type MailPayload = { subject: string; text: string; html: string; code: string }

/** The outbox's dependencies, its transport (none: the dev outbox) and the state its deliveries share. */
export type DeliveryContext = {
  db: Db
  now: () => Date
  emailKeys: EmailKeys
  settings: Config['emailAuth']['outbox']
  log?: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn' | 'debug'> | undefined
  transport: MailTransport | undefined
  /** The refusal is said once, when it starts (again only after a mail went through): not once per mail. */
  refusingPlaintext: boolean
  /** Tries are failing (the SMTP server away): logged when it starts and when a mail goes through again, not per try. */
  failing: { since: number | undefined; tries: number }
}

/** An error fit for the table and the log: its message, short; never the mail. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return text.slice(0, 500)
}

export function openMail(
  { emailKeys }: Pick<DeliveryContext, 'emailKeys'>,
  mail: Pick<ClaimedMail, 'payload'>,
): MailPayload | undefined {
  const plain = mail.payload === null ? undefined : unseal(emailKeys.outbox, mail.payload)
  return plain === undefined ? undefined : (JSON.parse(plain) as MailPayload)
}

/** The transport refused or failed the mail: marked for a retry after a growing wait, or failed for good. */
async function settleFailure(ctx: DeliveryContext, mail: ClaimedMail, error: unknown): Promise<void> {
  const { db, now, settings, log, failing } = ctx
  const last = mail.attempts >= settings.maxAttempts
  const retryAt = last
    ? undefined
    : new Date(now().getTime() + backoffMs(mail.attempts, settings.backoffBaseMs, settings.backoffMaxMs))
  await markFailed(db, mail, describeError(error), retryAt)
  if (error instanceof SmtpPlaintextRefused) {
    if (!ctx.refusingPlaintext) log?.error(error.message)
    else log?.debug({ mailId: mail.id, attempts: mail.attempts }, 'mail refused: no STARTTLS')
    ctx.refusingPlaintext = true
    return
  }
  const fields = {
    mailId: mail.id,
    attempts: mail.attempts,
    error: describeError(error),
    retryAt: retryAt?.toISOString(),
  }
  failing.tries++
  if (last) log?.warn(fields, 'mail delivery failed for good')
  else if (failing.since === undefined)
    log?.warn(fields, 'mail delivery failing; each mail retried with a growing wait until it goes through')
  else log?.debug(fields, 'mail delivery failed; will retry')
  failing.since ??= Date.now()
}

async function deliver(ctx: DeliveryContext, mail: ClaimedMail): Promise<void> {
  const { db, now, log, transport, failing } = ctx
  const payload = openMail(ctx, mail)
  if (!payload) {
    // Sealed with another auth secret, or tampered with: it can never be sent.
    await markFailed(db, mail, 'payload cannot be opened (auth secret changed?)', undefined)
    log?.warn({ mailId: mail.id }, 'outbox mail cannot be opened; marked failed')
    return
  }
  if (!transport) {
    await markSent(db, mail, 'dev', now())
    // Never the code: the simulator's panel shows it in development.
    log?.info({ mailId: mail.id, to: mail.recipient }, 'mail kept in the dev outbox (SMTP_URL unset)')
    return
  }
  try {
    await transport.send({
      to: mail.recipient,
      subject: payload.subject,
      text: payload.text,
      html: payload.html,
    })
  } catch (error) {
    await settleFailure(ctx, mail, error)
    return
  }
  await markSent(db, mail, 'smtp', now())
  ctx.refusingPlaintext = false
  if (failing.since !== undefined) {
    log?.info(
      { failedTries: failing.tries, failingMs: Date.now() - failing.since },
      'mail delivery works again',
    )
    failing.since = undefined
    failing.tries = 0
  }
  log?.debug({ mailId: mail.id }, 'mail delivered')
}

/** Claims and delivers up to `limit` due mails; answers how many were tried. */
export async function deliverDue(
  ctx: DeliveryContext,
  limit: number = ctx.settings.batchSize,
): Promise<number> {
  const claimed = await claimDueMail(ctx.db, ctx.now(), limit, ctx.settings.leaseSeconds)
  for (const mail of claimed) await deliver(ctx, mail)
  return claimed.length
}
