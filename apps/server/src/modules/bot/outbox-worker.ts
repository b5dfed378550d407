/**
 * The bot's outbox worker (docs/bot.md, 'Outbox'): claims due messages, renders and sends them within Telegram's
 * limits, records each outcome, and tells operators of payouts long in review. Woken at once when this process
 * queued a message; the poll finds what other processes queued.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { DatabaseOutage } from '../../db/outage.ts'
import { type BatchWorker, backoffMs, startBatchWorker } from '../../lib/batch-worker.ts'
import { netToWire } from '../../lib/money.ts'
import { queueOpsMessage } from '../bot-outbox/queue.ts'
import { classifyBotError, type TelegramBot } from './client.ts'
import { type BotTexts, type RenderedMessage, renderAcceptances, renderMessage } from './messages.ts'
import { createSendPacer } from './pacing.ts'
import {
  type ClaimedMessage,
  claimDueMessages,
  claimMoreAcceptances,
  GROUPED_KIND,
  markBlocked,
  markMessageFailed,
  markMessageSent,
  payoutsLongInReview,
} from './repository.ts'
import { sleep } from './sleep.ts'

/** One message to send: its outbox rows (several for acceptances sent together). */
type Outgoing = ClaimedMessage[]

export function createOutboxWorker(deps: {
  db: Db
  now: () => Date
  bot: TelegramBot
  botToken: string
  botTexts: BotTexts
  config: Pick<Config, 'bot' | 'referralLink'>
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug'> | undefined
  /** The database's outage (db/outage.ts): an unreachable database is logged once there, not on every tick. */
  databaseOutage?: Pick<DatabaseOutage, 'absorbs'> | undefined
}) {
  const { db, now, bot, log, config } = deps
  const settings = config.bot.outbox
  const pacer = createSendPacer(settings)
  let running: BatchWorker | undefined
  /** Sends are failing (the Bot API away): logged when it starts and when a send works again, not per try. */
  let failingSince: number | undefined
  let failedTries = 0

  async function waitForSlot(chatId: number): Promise<void> {
    const delay = pacer.reserve(chatId)
    if (delay > 0) await sleep(delay)
  }

  /**
   * The message as sent, or why it cannot be (a kind this version does not know, a button Telegram would refuse).
   * Acceptances sent together are one message.
   */
  function renderOrReason(rows: Outgoing): RenderedMessage | string {
    const [message] = rows
    if (message === undefined) return 'nothing to send'
    try {
      const { kind, language, params } = message
      const rendered =
        kind === GROUPED_KIND
          ? renderAcceptances(deps.botTexts, config.referralLink, rows)
          : renderMessage(deps.botTexts, config.referralLink, kind, language, params)
      return rendered ?? `unknown message kind ${kind}`
    } catch (error) {
      return error instanceof Error ? error.message : String(error)
    }
  }

  /** Each row of a message has the same outcome (several for acceptances sent together). */
  async function markAll(
    rows: Outgoing,
    error: string,
    retry: Parameters<typeof markMessageFailed>[3],
  ): Promise<void> {
    for (const row of rows) await markMessageFailed(db, row, error, retry)
  }

  /** Every row of a message sent, at once: a crash between them would send the rest again as a message of its own. */
  async function markAllSent(rows: Outgoing, messageId: number): Promise<void> {
    const [only] = rows
    if (rows.length === 1 && only) return markMessageSent(db, only, messageId, now())
    await db.transaction(async (tx) => {
      for (const row of rows) await markMessageSent(tx, row, messageId, now())
    })
  }

  /**
   * One chat's claimed messages as they go: the chat's acceptances (with those it has waiting, claimed now) in one
   * message where the first of them stands, the rest one each.
   */
  async function outgoing(messages: ClaimedMessage[]): Promise<Outgoing[]> {
    const sends: Outgoing[] = []
    let acceptances: ClaimedMessage[] | undefined
    for (const message of messages) {
      if (message.kind !== GROUPED_KIND) sends.push([message])
      else if (acceptances) acceptances.push(message)
      else {
        acceptances = [message]
        sends.push(acceptances)
      }
    }
    if (acceptances?.[0]) {
      const more = await claimMoreAcceptances(db, acceptances[0].chatId, now(), settings.leaseSeconds)
      acceptances.push(...more)
      acceptances.sort((a, b) => a.id - b.id)
    }
    return sends
  }

  /** Sends one chat's claimed messages in order; a failure that concerns the chat settles the rest too. */
  async function sendChat(sends: Outgoing[]): Promise<void> {
    for (const [index, rows] of sends.entries()) {
      const [message] = rows
      if (message === undefined) continue
      const rendered = renderOrReason(rows)
      if (typeof rendered === 'string') {
        await markAll(rows, rendered, undefined)
        continue
      }
      await waitForSlot(message.chatId)
      try {
        const sent = await bot.api.sendMessage(message.chatId, rendered.text, {
          ...(rendered.replyMarkup ? { reply_markup: rendered.replyMarkup } : {}),
          link_preview_options: { is_disabled: true },
        })
        pacer.ended(message.chatId)
        await markAllSent(rows, sent.message_id)
        if (failingSince !== undefined) {
          log?.info({ failedTries, failingMs: Date.now() - failingSince }, 'bot messages send again')
          failingSince = undefined
          failedTries = 0
        }
      } catch (error) {
        const failure = classifyBotError(error, deps.botToken)
        const rest = sends.slice(index + 1)
        if (failure.kind === 'rate_limited') {
          // Telegram asked us to wait: this message and the rest of this chat's wait, without spending a try.
          const at = new Date(now().getTime() + failure.retryAfter * 1000)
          pacer.ended(message.chatId, failure.retryAfter * 1000)
          for (const m of [rows, ...rest]) await markAll(m, failure.description, { at, spendTry: false })
          log?.warn({ chatId: message.chatId, retryAfter: failure.retryAfter }, 'bot message rate limited')
          return
        }
        pacer.ended(message.chatId)
        if (failure.kind === 'blocked') {
          for (const m of [rows, ...rest]) await markAll(m, failure.description, undefined)
          if (message.userId !== null) await markBlocked(db, message.chatId, now(), failure.description)
          log?.info({ chatId: message.chatId }, 'bot blocked by the user: no more messages until /start')
          return
        }
        const last = failure.kind === 'refused' || message.attempts >= settings.maxAttempts
        const retry = last
          ? undefined
          : {
              at: new Date(
                now().getTime() + backoffMs(message.attempts, settings.backoffBaseMs, settings.backoffMaxMs),
              ),
              spendTry: true,
            }
        await markAll(rows, failure.description, retry)
        const fields = { messageId: message.id, attempts: message.attempts, error: failure.description }
        failedTries++
        if (last) log?.warn(fields, 'bot message failed for good')
        else if (failingSince === undefined)
          log?.warn(fields, 'bot messages failing; each retried with a growing wait until it is sent')
        else log?.debug(fields, 'bot message failed; will retry')
        failingSince ??= Date.now()
      }
    }
  }

  /** Claims and sends up to `limit` due messages, one chat's in order, chats side by side; answers how many. */
  async function deliverDue(limit: number = settings.batchSize): Promise<number> {
    pacer.prune()
    const claimed = await claimDueMessages(db, now(), limit, settings.leaseSeconds, settings.groupSeconds)
    const byChat = new Map<number, ClaimedMessage[]>()
    for (const message of claimed)
      byChat.set(message.chatId, [...(byChat.get(message.chatId) ?? []), message])
    await Promise.all([...byChat.values()].map(async (messages) => sendChat(await outgoing(messages))))
    return claimed.length
  }

  /** Operators hear once about each payout in review for longer than the alert time. */
  async function queueReviewAlerts(): Promise<number> {
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

  return {
    deliverDue,
    queueReviewAlerts,
    /** A message was queued and committed in this process: the worker looks at once rather than at its next poll. */
    messageQueued(): void {
      running?.wake()
    },

    /** The outbox worker of this process (and the operators' review alerts on the same beat). */
    start(options: { pollMs: number } = { pollMs: settings.pollMs }) {
      let lastAlertLook = 0
      const worker = startBatchWorker({
        pollMs: options.pollMs,
        batchSize: settings.batchSize,
        runBatch: async () => {
          if (Date.now() - lastAlertLook > 60_000) {
            lastAlertLook = Date.now()
            await queueReviewAlerts()
          }
          return deliverDue()
        },
        onError: (error) => {
          if (deps.databaseOutage?.absorbs(error)) return
          log?.warn({ error: classifyBotError(error, deps.botToken).description }, 'bot outbox worker error')
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
