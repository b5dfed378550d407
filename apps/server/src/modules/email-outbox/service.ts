/**
 * Delivery of queued mail (docs/email-auth.md). Requests only write outbox rows (in their own transaction); this
 * worker, in every server process, claims due rows (never one twice, see the repository) and delivers them
 * (delivery.ts).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '#db/client.ts'
import type { DatabaseOutage } from '#db/outage.ts'
import { startBatchWorker } from '#lib/batch-worker.ts'
import type { Config } from '#src/config.ts'
import { type DeliveryContext, deliverDue, describeError, openMail } from './delivery.ts'
import type { EmailKeys } from './email-keys.ts'
import { latestDevMail } from './repository.ts'
import { createSmtpTransport, describeSmtpUrl, type MailTransport } from './transport.ts'

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

/** The transport SMTP_URL names, said once at start; none without it (the dev outbox). */
function transportOf({ config, log, transport }: EmailOutboxServiceDeps): MailTransport | undefined {
  if (config.smtpUrl === undefined) return transport
  log?.info(
    { smtp: describeSmtpUrl(config.smtpUrl), passwordOnlyOverTls: !config.smtpAllowPlaintext },
    'email over SMTP',
  )
  return (
    transport ??
    createSmtpTransport(config.smtpUrl, {
      from: config.mailFrom,
      caFile: config.smtpCaFile,
      passwordOnlyOverTls: !config.smtpAllowPlaintext,
    })
  )
}

export function createEmailOutboxService(deps: EmailOutboxServiceDeps) {
  const { db, log } = deps
  const settings = deps.config.emailAuth.outbox
  const ctx: DeliveryContext = {
    db,
    now: deps.now,
    emailKeys: deps.emailKeys,
    settings,
    log,
    transport: transportOf(deps),
    refusingPlaintext: false,
    failing: { since: undefined, tries: 0 },
  }
  let wake: (() => void) | undefined

  return {
    deliverDue: (limit?: number) => deliverDue(ctx, limit),

    /** A request queued mail: the worker of this process looks at once rather than at its next poll. */
    mailQueued(): void {
      wake?.()
    },

    /** The in-process worker: a batch every `pollMs` or when woken, never two at once in one process. */
    start(options: { pollMs: number } = { pollMs: settings.pollMs }) {
      const worker = startBatchWorker({
        pollMs: options.pollMs,
        batchSize: settings.batchSize,
        runBatch: () => deliverDue(ctx),
        onError: (error) => {
          if (!deps.databaseOutage?.absorbs(error))
            log?.warn({ error: describeError(error) }, 'email outbox worker error')
        },
        onStop: () => ctx.transport?.close(),
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
        const payload = openMail(ctx, row)
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
