/**
 * The bot's outbox worker (docs/bot.md, 'Outbox'): sends what is queued (outbox-send.ts) and tells operators of
 * payouts long in review and of support threads long unanswered. Woken at once when this process queued a message; the poll finds what other processes
 * queued.
 */
import { type BatchWorker, startBatchWorker } from '#lib/batch-worker.ts'
import { netToWire } from '#lib/money.ts'
import { queueOpsMessage } from '../bot-outbox/queue.ts'
import { queueUnansweredAlerts } from '../support/alerts.ts'
import { classifyBotError } from './client.ts'
import { deliverDue, type OutboxContext, type OutboxWorkerDeps } from './outbox-send.ts'
import { createSendPacer } from './pacing.ts'
import { payoutsLongInReview } from './repository.ts'

/** Operators hear once about each payout in review for longer than the alert time. */
async function queueReviewAlerts({ db, now, config }: OutboxContext): Promise<number> {
  if (config.bot.opsChatId === undefined) return 0
  const before = new Date(now().getTime() - config.bot.reviewAlertSeconds * 1000)
  const rows = await payoutsLongInReview(db, before, 50)
  for (const row of rows) {
    await queueOpsMessage(db, config.bot.opsChatId, {
      kind: 'ops_payout_in_review',
      // As the user's payout messages say it: whole toman, else the coin with its decimals (17.5 TRX).
      params: {
        transactionUid: row.uid,
        amount: String(netToWire(row.currency, BigInt(row.net))),
        currency: row.currency.toUpperCase(),
      },
      now: now(),
      dedupeKey: `review:${row.uid}`,
    })
  }
  return rows.length
}

/** Operators hear once about each support thread unanswered for longer than SUPPORT_UNANSWERED_MINUTES. */
function queueSupportAlerts({ db, now, config }: OutboxContext): Promise<number> {
  return queueUnansweredAlerts(
    db,
    {
      opsChatId: config.bot.opsChatId,
      appOrigins: config.appOrigins ?? [],
      unansweredSeconds: config.bot.supportUnansweredSeconds,
    },
    now(),
  )
}

export function createOutboxWorker(deps: OutboxWorkerDeps) {
  const settings = deps.config.bot.outbox
  const ctx: OutboxContext = {
    ...deps,
    settings,
    pacer: createSendPacer(settings),
    failing: { since: undefined, tries: 0 },
  }
  let running: BatchWorker | undefined

  return {
    deliverDue: (limit?: number) => deliverDue(ctx, limit),
    queueReviewAlerts: () => queueReviewAlerts(ctx),
    queueSupportAlerts: () => queueSupportAlerts(ctx),
    /** A message was queued and committed in this process: the worker looks at once rather than at its next poll. */
    messageQueued(): void {
      running?.wake()
    },

    /** The outbox worker of this process (and the operators' review and support alerts on the same beat). */
    start(options: { pollMs: number } = { pollMs: settings.pollMs }) {
      let lastAlertLook = 0
      const worker = startBatchWorker({
        pollMs: options.pollMs,
        batchSize: settings.batchSize,
        runBatch: async () => {
          if (Date.now() - lastAlertLook > 60_000) {
            lastAlertLook = Date.now()
            await queueReviewAlerts(ctx)
            await queueSupportAlerts(ctx)
          }
          return deliverDue(ctx)
        },
        onError: (error) => {
          if (deps.databaseOutage?.absorbs(error)) return
          deps.log?.warn(
            { error: classifyBotError(error, deps.botToken).description },
            'bot outbox worker error',
          )
        },
      })
      running = worker
      return {
        async stop() {
          if (running === worker) running = undefined
          await worker.stop()
        },
      }
    },
  }
}
