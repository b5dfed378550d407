/**
 * The bot's answers to updates (docs/bot.md, 'Updates'): /start with a code, without one (a member or not), help for
 * any other command, other text and photos to support, each update handled once, and the webhook's secret.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { languageFromTelegram, REFERRAL_CODE_PATTERN } from '@app/contract'
import type { FastifyBaseLogger } from 'fastify'
import { Composer, Context } from 'grammy'
import type { Update } from 'grammy/types'
import type { Db } from '#db/client.ts'
import { queueChatMessage } from '../bot-outbox/queue.ts'
import { recordBotMessage } from '../support/from-bot.ts'
import { classifyBotError, type TelegramBot } from './client.ts'
import { isMember, markStarted, recordHandledUpdate } from './repository.ts'

/** An update's context: grammY's, plus the transaction its answer is queued in. */
type UpdateContext = Context & { db: Db }

const digest = (text: string) => createHash('sha256').update(text).digest()

export function createUpdateHandling(deps: {
  db: Db
  now: () => Date
  bot: TelegramBot
  botToken: string
  webhookSecret: string
  log?: Pick<FastifyBaseLogger, 'debug'> | undefined
  /** Support's notices: the operators' chat and the console's address (docs/support.md). */
  config: { appOrigins?: string[] | undefined; bot: { opsChatId: number | undefined } }
  /** What the handlers queued has committed: the outbox worker may look. */
  messageQueued: () => void
}) {
  const { db, now, bot, log } = deps

  // Small handlers, composer style, each writing in the update's transaction (ctx.db).
  const handlers = new Composer<UpdateContext>()
  const privateChat = handlers.chatType('private')
  privateChat.command('start', async (ctx) => {
    const code = ctx.match.trim()
    await markStarted(ctx.db, ctx.from.id, now())
    const chat = { chatId: ctx.chat.id, language: languageFromTelegram(ctx.from.language_code), now: now() }
    // Telegram's Start button sends /start alone: a member gets the way in, a stranger how to get an invitation.
    await queueChatMessage(
      ctx.db,
      REFERRAL_CODE_PATTERN.test(code)
        ? { ...chat, kind: 'start_welcome', params: { code } }
        : (await isMember(ctx.db, ctx.from.id))
          ? { ...chat, kind: 'start_member', params: {} }
          : { ...chat, kind: 'start_no_code', params: {} },
    )
  })
  // Text that is no command, and photos, join the user's support thread (docs/support.md).
  privateChat.on(['message:text', 'message:photo'], async (ctx, next) => {
    const text = ctx.message.text ?? ctx.message.caption ?? null
    if (ctx.message.text?.startsWith('/')) return next()
    const support = { opsChatId: deps.config.bot.opsChatId, appOrigins: deps.config.appOrigins ?? [] }
    const kept = await recordBotMessage(ctx.db, support, now(), {
      telegramId: ctx.from.id,
      chatId: ctx.chat.id,
      text,
      photoFileId: ctx.message.photo?.at(-1)?.file_id ?? null,
      languageCode: ctx.from.language_code,
    })
    if (!kept) return next()
    // Whoever writes to the bot has a chat with it: an operator's reply may go there, /start or not.
    await markStarted(ctx.db, ctx.from.id, now())
  })
  privateChat.on('message', async (ctx) => {
    await queueChatMessage(ctx.db, {
      chatId: ctx.chat.id,
      kind: 'help',
      language: languageFromTelegram(ctx.from.language_code),
      params: {},
      now: now(),
    })
  })
  const runHandlers = handlers.middleware()

  return {
    /**
     * Handles an update once per update_id (docs/bot.md, 'Each update once'): the record of it and what its handler
     * queues commit in one transaction, so a replay (Telegram redelivering, another process, a poll that repeats
     * after a crash) finds the record and queues nothing, and a crash before the commit leaves neither, so the
     * update redelivered is handled then. A handler's error rolls both back and reaches the caller.
     */
    async handleUpdate(update: Update): Promise<void> {
      // Not bot.init(): grammY retries its getMe without end while Telegram cannot be reached, and a webhook
      // request would then never be answered. One getMe within the client's timeout; its failure fails this update.
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
      deps.messageQueued()
    },

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
  }
}
