/**
 * Delivery of queued mail (docs/email-auth.md). Requests only write outbox rows (in their own transaction); this
 * worker, in every server process, claims due rows (never one twice, see the repository), sends them over SMTP
 * (or keeps them in the dev outbox without SMTP_URL), and backs off exponentially on failure, recording the error,
 * until the last attempt marks the mail failed.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { DatabaseOutage } from '../../db/outage.ts'
import { backoffMs, startBatchWorker } from '../../lib/batch-worker.ts'
import { unseal } from '../../lib/crypto.ts'
import type { EmailKeys } from './email-keys.ts'
import { type ClaimedMail, claimDueMail, latestDevMail, markFailed, markSent } from './repository.ts'
import {
  createSmtpTransport,
  describeSmtpUrl,
  type MailTransport,
  SmtpPlaintextRefused,
} from './transport.ts'

/** What a queued mail's sealed payload holds. The code is there for the dev outbox's panel only. */
export type MailPayload = { subject: string; text: string; html: string; code: string }

export type DevMail = {
  id: number
  to: string
  kind: string
  subject: string
  code: string
  text: string
  sentAt: number | null
}

export type EmailOutboxServiceDeps = {
  db: Db
  now: () => Date
  emailKeys: EmailKeys
  config: Pick<Config, 'smtpUrl' | 'smtpCaFile' | 'smtpAllowPlaintext' | 'mailFrom' | 'emailAuth'>
  log?: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn' | 'debug'> | undefined
  /** The database's outage (db/outage.ts): an unreachable database is logged once there, not on every tick. */
  databaseOutage?: Pick<DatabaseOutage, 'absorbs'> | undefined
  /** In place of the SMTP transport built from SMTP_URL (nothing in the app uses it; kept for embedders). */
  transport?: MailTransport | undefined
}

/** An error fit for the table and the log: its message, short; never the mail. */
function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return text.slice(0, 500)
}

export function createEmailOutboxService(deps: EmailOutboxServiceDeps) {
  const { db, now, log, config } = deps
  const settings = config.emailAuth.outbox
  const transport =
    deps.transport ??
    (config.smtpUrl === undefined
      ? undefined
      : createSmtpTransport(config.smtpUrl, {
          from: config.mailFrom,
          caFile: config.smtpCaFile,
          passwordOnlyOverTls: !config.smtpAllowPlaintext,
        }))
  if (config.smtpUrl !== undefined) {
    log?.info(
      { smtp: describeSmtpUrl(config.smtpUrl), passwordOnlyOverTls: !config.smtpAllowPlaintext },
      'email over SMTP',
    )
  }
  /** The refusal is said once, when it starts (again only after a mail went through): not once per mail. */
  let refusingPlaintext = false
  /** Tries are failing (the SMTP server away): logged when it starts and when a mail goes through again, not per try. */
  let failingSince: number | undefined
  let failedTries = 0

  function open(mail: Pick<ClaimedMail, 'payload'>): MailPayload | undefined {
    const plain = mail.payload === null ? undefined : unseal(deps.emailKeys.outbox, mail.payload)
    return plain === undefined ? undefined : (JSON.parse(plain) as MailPayload)
  }

  async function deliver(mail: ClaimedMail): Promise<void> {
    const payload = open(mail)
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
      const last = mail.attempts >= settings.maxAttempts
      const retryAt = last
        ? undefined
        : new Date(now().getTime() + backoffMs(mail.attempts, settings.backoffBaseMs, settings.backoffMaxMs))
      await markFailed(db, mail, describeError(error), retryAt)
      if (error instanceof SmtpPlaintextRefused) {
        if (!refusingPlaintext) log?.error(error.message)
        else log?.debug({ mailId: mail.id, attempts: mail.attempts }, 'mail refused: no STARTTLS')
        refusingPlaintext = true
        return
      }
      const fields = {
        mailId: mail.id,
        attempts: mail.attempts,
        error: describeError(error),
        retryAt: retryAt?.toISOString(),
      }
      failedTries++
      if (last) log?.warn(fields, 'mail delivery failed for good')
      else if (failingSince === undefined)
        log?.warn(
          fields,
          'mail delivery failing; each mail retried with a growing wait until it goes through',
        )
      else log?.debug(fields, 'mail delivery failed; will retry')
      failingSince ??= Date.now()
      return
    }
    await markSent(db, mail, 'smtp', now())
    refusingPlaintext = false
    if (failingSince !== undefined) {
      log?.info({ failedTries, failingMs: Date.now() - failingSince }, 'mail delivery works again')
      failingSince = undefined
      failedTries = 0
    }
    log?.debug({ mailId: mail.id }, 'mail delivered')
  }

  /** Claims and delivers up to `limit` due mails; answers how many were tried. */
  async function deliverDue(limit: number = settings.batchSize): Promise<number> {
    const claimed = await claimDueMail(db, now(), limit, settings.leaseSeconds)
    for (const mail of claimed) await deliver(mail)
    return claimed.length
  }

  let wake: (() => void) | undefined

  return {
    deliverDue,

    /** A request queued mail: the worker of this process looks at once rather than at its next poll. */
    mailQueued(): void {
      wake?.()
    },

    /** The in-process worker: a batch every `pollMs` or when woken, never two at once in one process. */
    start(options: { pollMs: number } = { pollMs: settings.pollMs }) {
      const worker = startBatchWorker({
        pollMs: options.pollMs,
        batchSize: settings.batchSize,
        runBatch: () => deliverDue(),
        onError: (error) => {
          if (!deps.databaseOutage?.absorbs(error))
            log?.warn({ error: describeError(error) }, 'email outbox worker error')
        },
        onStop: () => transport?.close(),
      })
      wake = worker.wake
      return {
        async stop() {
          wake = undefined
          await worker.stop()
        },
      }
    },

    /** Development: the newest mails of the dev outbox, opened (the simulator's panel). */
    async latestDevMail(limit = 20): Promise<DevMail[]> {
      const rows = await latestDevMail(db, limit)
      return rows.flatMap((row) => {
        const payload = open(row)
        return payload
          ? [
              {
                id: row.id,
                to: row.recipient,
                kind: row.kind,
                subject: payload.subject,
                code: payload.code,
                text: payload.text,
                sentAt: row.sentAt ? Math.floor(row.sentAt.getTime() / 1000) : null,
              },
            ]
          : []
      })
    },
  }
}
