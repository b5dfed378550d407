/**
 * Long polling for updates when no webhook is set (docs/bot.md): one process at a time, the one holding the lease.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Update } from 'grammy/types'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { releaseLease, setLeasePosition, takeLease } from '../../db/leases.ts'
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
export function startPolling(deps: {
  db: Db
  now: () => Date
  bot: TelegramBot
  botToken: string
  config: Pick<Config, 'bot'>
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined
  handleUpdate: (update: Update) => Promise<void>
}) {
  const { db, now, bot, config, log } = deps
  const holder = randomUUID()
  const abort = new AbortController()
  const leaseMs = config.bot.pollingLeaseSeconds * 1000
  const describe = (error: unknown) => classifyBotError(error, deps.botToken).description
  let webhookCleared = false
  const loop = (async () => {
    while (!abort.signal.aborted) {
      try {
        const until = new Date(now().getTime() + leaseMs)
        const position = await takeLease(db, { name: POLLING_LEASE, holder, now: now(), until, renew: true })
        if (position === undefined) {
          await sleep(Math.max(200, leaseMs / 3), abort.signal)
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
            log?.warn({ error: describe(error) }, 'bot update failed')
          }
          await setLeasePosition(db, POLLING_LEASE, holder, update.update_id)
        }
      } catch (error) {
        if (abort.signal.aborted) break
        log?.warn({ error: describe(error) }, 'bot polling failed; retrying')
        await sleep(3000, abort.signal)
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
