/**
 * Long polling for updates when no webhook is set (docs/bot.md): one process at a time, the one holding the lease.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Update } from 'grammy/types'
import type { Db } from '#db/client.ts'
import { releaseLease, setLeasePosition, takeLease } from '#db/leases.ts'
import { type DatabaseOutage, isDatabaseUnreachable } from '#db/outage.ts'
import { backoffMs } from '#lib/batch-worker.ts'
import type { Config } from '#src/config.ts'
import { classifyBotError, type TelegramBot } from './client.ts'
import { sleep } from './sleep.ts'

export const POLLING_LEASE = 'bot-polling'

/** How long a poll may wait for updates: at least 3 s inside the client's own limit per call, which would cut it. */
export function longPollSeconds(
  bot: Pick<Config['bot'], 'pollingTimeoutSeconds' | 'apiTimeoutSeconds'>,
): number {
  return Math.max(0, Math.min(bot.pollingTimeoutSeconds, bot.apiTimeoutSeconds - 3))
}

/**
 * Each round takes or renews the lease (a leases row with an expiry) and continues from the update it records; a
 * process that does not hold it waits and tries again, and takes over when the holder stops renewing.
 */
/** The wait after the n-th failure in a row: 1 s, 2 s, 4 s... at most a minute (±20 %, never above it). */
const POLLING_BACKOFF_MAX_MS = 60_000
const pollingBackoffMs = (failures: number) =>
  Math.min(POLLING_BACKOFF_MAX_MS, backoffMs(failures, 1000, POLLING_BACKOFF_MAX_MS))

export function startPolling(deps: {
  db: Db
  now: () => Date
  bot: TelegramBot
  botToken: string
  config: Pick<Config, 'bot'>
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'> | undefined
  databaseOutage?: Pick<DatabaseOutage, 'absorbs'> | undefined
  handleUpdate: (update: Update) => Promise<void>
  /** Tests: the wait between rounds. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<unknown>
}) {
  const { db, now, bot, config, log } = deps
  const wait = deps.sleep ?? sleep
  const holder = randomUUID()
  const abort = new AbortController()
  const leaseMs = config.bot.pollingLeaseSeconds * 1000
  const describe = (error: unknown) => classifyBotError(error, deps.botToken).description
  let webhookCleared = false
  /** Failed rounds in a row: the wait grows with them, and only the change of state is logged. */
  let failures = 0
  const loop = (async () => {
    while (!abort.signal.aborted) {
      try {
        const until = new Date(now().getTime() + leaseMs)
        const position = await takeLease(db, { name: POLLING_LEASE, holder, now: now(), until, renew: true })
        if (position === undefined) {
          await wait(Math.max(200, leaseMs / 3), abort.signal)
          continue
        }
        if (!webhookCleared) {
          await bot.api.deleteWebhook()
          webhookCleared = true
        }
        const updates = await bot.api.getUpdates(
          { offset: position + 1, timeout: longPollSeconds(config.bot), allowed_updates: ['message'] },
          // grammY types its signal with the abort-controller package's class; Node's is the same at run time.
          abort.signal as Parameters<typeof bot.api.getUpdates>[1],
        )
        for (const update of updates) {
          if (abort.signal.aborted) break
          try {
            await deps.handleUpdate(update)
          } catch (error) {
            // Nothing of it was kept: the round fails, and the next one polls the update again.
            if (isDatabaseUnreachable(error)) throw error
            log?.warn({ error: describe(error) }, 'bot update failed')
          }
          await setLeasePosition(db, POLLING_LEASE, holder, update.update_id)
        }
        if (failures > 0) {
          log?.info({ failedRounds: failures }, 'bot polling works again')
          failures = 0
        }
      } catch (error) {
        if (abort.signal.aborted) break
        failures += 1
        const delay = pollingBackoffMs(failures)
        // The database's absence is logged once by its outage; the Bot API's, once here when it starts.
        if (!deps.databaseOutage?.absorbs(error) && failures === 1) {
          log?.warn(
            { error: describe(error), retryInMs: delay },
            'bot polling failed; retrying with a growing wait (at most a minute) until it works',
          )
        }
        await wait(delay, abort.signal)
      }
    }
  })()
  return {
    async stop() {
      abort.abort()
      await loop
      await releaseLease(db, POLLING_LEASE, holder).catch(() => undefined)
    },
  }
}
