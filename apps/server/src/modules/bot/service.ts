/**
 * The Telegram bot (docs/bot.md): its answers to updates (/start with or without a code, help), how updates arrive
 * (a webhook, or long polling by the one process that holds the lease), the outbox worker that sends what
 * requests and the bot queued, and the check that the bot administers the configured channel.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto'
import { REFERRAL_CODE_PATTERN } from '@app/contract'
import type { FastifyBaseLogger } from 'fastify'
import { Composer, Context } from 'grammy'
import type { Update } from 'grammy/types'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { releaseLease, setLeasePosition, takeLease } from '../../db/leases.ts'
import { type BatchWorker, backoffMs, startBatchWorker } from '../../lib/batch-worker.ts'
import { netToWire } from '../../lib/money.ts'
import { channelChatId, isJoinedStatus } from '../dashboard/channel-membership.ts'
import { readSettings } from '../settings/repository.ts'
import { classifyBotError, type TelegramBot } from './client.ts'
import { type BotTexts, languageOf, renderMessage } from './messages.ts'
import { createSendPacer } from './pacing.ts'
import {
  type ClaimedMessage,
  claimDueMessages,
  markBlocked,
  markMessageFailed,
  markMessageSent,
  markStarted,
  payoutsLongInReview,
  queueChatMessage,
  recordHandledUpdate,
} from './repository.ts'

export const POLLING_LEASE = 'bot-polling'

/** How long a poll may wait for updates: at least 3 s inside the client's own limit per call, which would cut it. */
export function longPollSeconds(
  bot: Pick<Config['bot'], 'pollingTimeoutSeconds' | 'apiTimeoutSeconds'>,
): number {
  return Math.max(0, Math.min(bot.pollingTimeoutSeconds, bot.apiTimeoutSeconds - 3))
}

export type BotServiceDeps = {
  db: Db
  now: () => Date
  bot: TelegramBot
  botToken: string
  botTexts: BotTexts
  webhookSecret: string
  config: Pick<Config, 'bot' | 'referralLink'>
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug' | 'error'> | undefined
}
export type BotService = ReturnType<typeof createBotService>

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve()
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

const digest = (text: string) => createHash('sha256').update(text).digest()

/** A plausible update: an object with a whole, non-negative update_id. */
export function isUpdate(value: unknown): value is Update {
  const id = (value as { update_id?: unknown } | null)?.update_id
  return typeof value === 'object' && value !== null && Number.isSafeInteger(id) && (id as number) >= 0
}

/** An update's context: grammY's, plus the transaction its answer is queued in. */
type UpdateContext = Context & { db: Db }

export function createBotService(deps: BotServiceDeps) {
  const { db, now, bot, log, config } = deps
  const settings = config.bot.outbox
  let outboxWorker: BatchWorker | undefined

  function queued(): void {
    outboxWorker?.wake()
  }

  // --- Updates: small handlers, composer style, each writing in the update's transaction (ctx.db) ---
  const handlers = new Composer<UpdateContext>()
  const privateChat = handlers.chatType('private')
  privateChat.command('start', async (ctx) => {
    const language = languageOf(ctx.from.language_code)
    const code = ctx.match.trim()
    await markStarted(ctx.db, ctx.from.id, now())
    await queueChatMessage(ctx.db, {
      chatId: ctx.chat.id,
      kind: REFERRAL_CODE_PATTERN.test(code) ? 'start_welcome' : 'start_no_code',
      language,
      params: REFERRAL_CODE_PATTERN.test(code) ? { code } : {},
      now: now(),
    })
  })
  privateChat.on('message', async (ctx) => {
    await queueChatMessage(ctx.db, {
      chatId: ctx.chat.id,
      kind: 'help',
      language: languageOf(ctx.from.language_code),
      params: {},
      now: now(),
    })
  })
  const runHandlers = handlers.middleware()

  /**
   * Handles an update once per update_id (docs/bot.md, 'Each update once'): the record of it and what its handler
   * queues commit in one transaction, so a replay (Telegram redelivering, another process, a poll that repeats
   * after a crash) finds the record and queues nothing, and a crash before the commit leaves neither, so the
   * update redelivered is handled then. A handler's error rolls both back and reaches the caller.
   */
  async function handleUpdate(update: Update): Promise<void> {
    // Not bot.init(): grammY retries its getMe without end while Telegram cannot be reached, and a webhook request
    // would then never be answered. One getMe within the client's timeout; its failure fails this update only.
    if (!bot.isInited()) bot.botInfo = await bot.api.getMe()
    const me = bot.botInfo
    const handled = await db.transaction(async (tx) => {
      const first = await recordHandledUpdate(tx, { botId: me.id, updateId: update.update_id, now: now() })
      if (first)
        await runHandlers(Object.assign(new Context(update, bot.api, me), { db: tx }), async () => {})
      return first
    })
    if (!handled) {
      log?.debug({ updateId: update.update_id }, 'bot update already handled: not answered again')
      return
    }
    // Woken after the commit, so that the worker finds what the handler queued.
    queued()
  }

  // --- The outbox worker ---
  const pacer = createSendPacer(settings)

  async function waitForSlot(chatId: number): Promise<void> {
    const delay = pacer.reserve(chatId)
    if (delay > 0) await sleep(delay)
  }

  /** Sends one chat's claimed messages in order; answers the failure that stopped the rest, if any. */
  async function sendChat(messages: ClaimedMessage[]): Promise<void> {
    for (const [index, message] of messages.entries()) {
      const rendered = renderMessage(
        deps.botTexts,
        config.referralLink,
        message.kind,
        message.language,
        message.params,
      )
      if (!rendered) {
        await markMessageFailed(db, message, `unknown message kind ${message.kind}`, undefined)
        continue
      }
      await waitForSlot(message.chatId)
      try {
        const sent = await bot.api.sendMessage(message.chatId, rendered.text, {
          ...(rendered.replyMarkup ? { reply_markup: rendered.replyMarkup } : {}),
          link_preview_options: { is_disabled: true },
        })
        pacer.ended(message.chatId)
        await markMessageSent(db, message, sent.message_id, now())
      } catch (error) {
        const failure = classifyBotError(error, deps.botToken)
        const rest = messages.slice(index + 1)
        if (failure.kind === 'rate_limited') {
          // Telegram asked us to wait: this message and the rest of this chat's wait, without spending a try.
          const at = new Date(now().getTime() + failure.retryAfter * 1000)
          pacer.ended(message.chatId, failure.retryAfter * 1000)
          for (const m of [message, ...rest])
            await markMessageFailed(db, m, failure.description, { at, spendTry: false })
          log?.warn({ chatId: message.chatId, retryAfter: failure.retryAfter }, 'bot message rate limited')
          return
        }
        pacer.ended(message.chatId)
        if (failure.kind === 'blocked') {
          for (const m of [message, ...rest]) await markMessageFailed(db, m, failure.description, undefined)
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
        await markMessageFailed(db, message, failure.description, retry)
        log?.warn(
          { messageId: message.id, attempts: message.attempts, error: failure.description },
          last ? 'bot message failed for good' : 'bot message failed; will retry',
        )
      }
    }
  }

  /** Claims and sends up to `limit` due messages, one chat's in order, chats side by side; answers how many. */
  async function deliverDue(limit: number = settings.batchSize): Promise<number> {
    pacer.prune()
    const claimed = await claimDueMessages(db, now(), limit, settings.leaseSeconds)
    const byChat = new Map<number, ClaimedMessage[]>()
    for (const message of claimed)
      byChat.set(message.chatId, [...(byChat.get(message.chatId) ?? []), message])
    await Promise.all([...byChat.values()].map((messages) => sendChat(messages)))
    return claimed.length
  }

  /** Operators hear once about each payout in review for longer than the alert time. */
  async function queueReviewAlerts(): Promise<number> {
    const chatId = config.bot.opsChatId
    if (chatId === undefined) return 0
    const before = new Date(now().getTime() - config.bot.reviewAlertSeconds * 1000)
    const rows = await payoutsLongInReview(db, before, 50)
    for (const row of rows) {
      await queueChatMessage(db, {
        chatId,
        kind: 'ops_payout_in_review',
        language: 'en',
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
    handleUpdate,
    deliverDue,
    queueReviewAlerts,
    /** A request queued a message: this process's worker looks at once. */
    messageQueued: queued,

    /** Telegram's X-Telegram-Bot-Api-Secret-Token, compared in constant time (digests of equal length). */
    checkWebhookSecret(header: string | undefined): boolean {
      if (header === undefined) return false
      return timingSafeEqual(digest(header), digest(deps.webhookSecret))
    },

    /** Errors are rethrown described (never with the token). */
    async registerWebhook(url: string): Promise<void> {
      try {
        await bot.api.setWebhook(url, { secret_token: deps.webhookSecret, allowed_updates: ['message'] })
      } catch (error) {
        throw new Error(classifyBotError(error, deps.botToken).description)
      }
    },

    /**
     * A readable problem when the bot cannot check the configured channel's members; undefined when it can (or no
     * channel is configured). Logged at start-up and shown by `ops settings show`; answers within `timeoutMs`.
     */
    async channelProblem(options: { timeoutMs?: number } = {}): Promise<string | undefined> {
      const { channel_username: channel } = await readSettings(db)
      if (channel === null) return undefined
      const chat = channelChatId(channel)
      const check = async () => {
        try {
          // Not bot.init(): grammY retries its getMe without end while Telegram cannot be reached.
          const me = bot.isInited() ? bot.botInfo : await bot.api.getMe()
          const member = await bot.api.getChatMember(chat, me.id)
          if (member.status === 'administrator' || member.status === 'creator') return undefined
          return `The bot @${me.username} is not an administrator of the channel ${chat} (it is '${member.status}'): make it one, or the join prompt cannot tell who joined`
        } catch (error) {
          return `The bot cannot check the channel ${chat} (${classifyBotError(error, deps.botToken).description}): add the bot to the channel as an administrator`
        }
      }
      const timeoutMs = options.timeoutMs ?? config.bot.apiTimeoutSeconds * 2000
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<string>((resolve) => {
        timer = setTimeout(
          () =>
            resolve(
              `The bot cannot check the channel ${chat} (Telegram did not answer within ${timeoutMs / 1000} s): try again later`,
            ),
          timeoutMs,
        )
      })
      try {
        return await Promise.race([check(), late])
      } finally {
        clearTimeout(timer)
      }
    },

    isJoinedStatus,

    /** The outbox worker of this process (and the operators' review alerts on the same beat). */
    startOutboxWorker(options: { pollMs: number } = { pollMs: settings.pollMs }) {
      let lastAlertLook = 0
      outboxWorker = startBatchWorker({
        pollMs: options.pollMs,
        batchSize: settings.batchSize,
        runBatch: async () => {
          if (Date.now() - lastAlertLook > 60_000) {
            lastAlertLook = Date.now()
            await queueReviewAlerts()
          }
          return deliverDue()
        },
        onError: (error) =>
          log?.warn({ error: classifyBotError(error, deps.botToken).description }, 'bot outbox worker error'),
      })
      const worker = outboxWorker
      return {
        async stop() {
          if (outboxWorker === worker) outboxWorker = undefined
          await worker.stop()
        },
      }
    },

    /**
     * Long polling by one process at a time: each round takes or renews the lease (a leases row with an expiry)
     * and continues from the update it records; a process that does not hold it waits and tries again, and takes
     * over when the holder stops renewing.
     */
    startPolling() {
      const holder = randomUUID()
      const abort = new AbortController()
      const leaseMs = config.bot.pollingLeaseSeconds * 1000
      let webhookCleared = false
      const loop = (async () => {
        while (!abort.signal.aborted) {
          try {
            const position = await takeLease(db, {
              name: POLLING_LEASE,
              holder,
              now: now(),
              until: new Date(now().getTime() + leaseMs),
              renew: true,
            })
            if (position === undefined) {
              await sleep(Math.max(200, leaseMs / 3), abort.signal)
              continue
            }
            if (!webhookCleared) {
              await bot.api.deleteWebhook()
              webhookCleared = true
            }
            const updates = await bot.api.getUpdates(
              {
                offset: position + 1,
                timeout: longPollSeconds(config.bot),
                allowed_updates: ['message'],
              },
              // grammY types its signal with the abort-controller package's class; Node's is the same at run time.
              abort.signal as Parameters<typeof bot.api.getUpdates>[1],
            )
            for (const update of updates) {
              if (abort.signal.aborted) break
              try {
                await handleUpdate(update)
              } catch (error) {
                log?.warn({ error: classifyBotError(error, deps.botToken).description }, 'bot update failed')
              }
              await setLeasePosition(db, POLLING_LEASE, holder, update.update_id)
            }
          } catch (error) {
            if (abort.signal.aborted) break
            log?.warn(
              { error: classifyBotError(error, deps.botToken).description },
              'bot polling failed; retrying',
            )
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
    },
  }
}
