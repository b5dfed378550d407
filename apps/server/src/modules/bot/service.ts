/**
 * The Telegram bot (docs/bot.md), one service built from its jobs: answering updates (`updates.ts`), sending the
 * outbox (`outbox-worker.ts`), long polling (`polling.ts`) and the channel check (`channel-check.ts`).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '#db/client.ts'
import type { DatabaseOutage } from '#db/outage.ts'
import type { Config } from '#src/config.ts'
import { channelProblem } from './channel-check.ts'
import type { TelegramBot } from './client.ts'
import type { BotTexts } from './messages.ts'
import { createOutboxWorker } from './outbox-worker.ts'
import { startPolling } from './polling.ts'
import { createUpdateHandling } from './updates.ts'

export type BotServiceDeps = {
  db: Db
  now: () => Date
  bot: TelegramBot
  botToken: string
  botTexts: BotTexts
  webhookSecret: string
  config: Pick<Config, 'bot' | 'referralLink'> & Partial<Pick<Config, 'appOrigins'>>
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug' | 'error'> | undefined
  /** The database's outage (db/outage.ts): an unreachable database is logged once there, not on every tick. */
  databaseOutage?: Pick<DatabaseOutage, 'absorbs'> | undefined
}
export function createBotService(deps: BotServiceDeps) {
  const outbox = createOutboxWorker(deps)
  const updates = createUpdateHandling({ ...deps, messageQueued: outbox.messageQueued })
  return {
    ...updates,
    deliverDue: outbox.deliverDue,
    queueReviewAlerts: outbox.queueReviewAlerts,
    queueSupportAlerts: outbox.queueSupportAlerts,
    messageQueued: outbox.messageQueued,
    startOutboxWorker: outbox.start,
    startPolling: () => startPolling({ ...deps, handleUpdate: updates.handleUpdate }),
    channelProblem: (options?: { timeoutMs?: number }) => channelProblem(deps, options),
  }
}
