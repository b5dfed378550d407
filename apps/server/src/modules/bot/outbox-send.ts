/**
 * Sending what the outbox holds (docs/bot.md, 'Outbox'): claims due messages, renders and sends them within
 * Telegram's limits, one chat's in order, and records each outcome. Each function takes the worker's context.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '#db/client.ts'
import type { DatabaseOutage } from '#db/outage.ts'
import { backoffMs } from '#lib/batch-worker.ts'
import type { Config } from '#src/config.ts'
import { classifyBotError, type TelegramBot } from './client.ts'
import { type BotTexts, type RenderedMessage, renderAcceptances, renderMessage } from './messages.ts'
import type { createSendPacer } from './pacing.ts'
import {
  type ClaimedMessage,
  claimDueMessages,
  claimMoreAcceptances,
  GROUPED_KIND,
  markBlocked,
  markMessageFailed,
  markMessageSent,
} from './repository.ts'
import { sleep } from './sleep.ts'

export type OutboxWorkerDeps = {
  db: Db
  now: () => Date
  bot: TelegramBot
  botToken: string
  botTexts: BotTexts
  config: Pick<Config, 'bot' | 'referralLink'> & Partial<Pick<Config, 'appOrigins'>>
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug'> | undefined
  /** The database's outage (db/outage.ts): an unreachable database is logged once there, not on every tick. */
  databaseOutage?: Pick<DatabaseOutage, 'absorbs'> | undefined
}

/** The worker's dependencies and the state its sends share. */
export type OutboxContext = OutboxWorkerDeps & {
  settings: Config['bot']['outbox']
  pacer: ReturnType<typeof createSendPacer>
  /** Sends are failing (the Bot API away): logged when it starts and when a send works again, not per try. */
  failing: { since: number | undefined; tries: number }
}

/** One message to send: its outbox rows (several for acceptances sent together). */
type Outgoing = ClaimedMessage[]

/**
 * The message as sent, or why it cannot be (a kind this version does not know, a button Telegram would refuse).
 * Acceptances sent together are one message.
 */
function renderOrReason({ botTexts, config }: OutboxContext, rows: Outgoing): RenderedMessage | string {
  const [message] = rows
  if (message === undefined) return 'nothing to send'
  try {
    const { kind, language, params } = message
    const rendered =
      kind === GROUPED_KIND
        ? renderAcceptances(botTexts, config.referralLink, rows)
        : renderMessage(botTexts, config.referralLink, kind, language, params)
    return rendered ?? `unknown message kind ${kind}`
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/** Each row of a message has the same outcome (several for acceptances sent together). */
async function markAll(
  { db }: OutboxContext,
  rows: Outgoing,
  error: string,
  retry: Parameters<typeof markMessageFailed>[3],
): Promise<void> {
  for (const row of rows) await markMessageFailed(db, row, error, retry)
}

/** Every row of a message sent, at once: a crash between them would send the rest again as a message of its own. */
async function markAllSent({ db, now }: OutboxContext, rows: Outgoing, messageId: number): Promise<void> {
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
async function outgoing(
  { db, now, settings }: OutboxContext,
  messages: ClaimedMessage[],
): Promise<Outgoing[]> {
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

/** The Bot API failed to take a message: settles it, and the chat's rest when the failure concerns the chat. */
async function settleFailure(ctx: OutboxContext, sends: Outgoing[], index: number, error: unknown) {
  const { db, now, pacer, settings, log, failing } = ctx
  const rows = sends[index] ?? []
  const [message] = rows
  if (message === undefined) return 'next'
  const failure = classifyBotError(error, ctx.botToken)
  const rest = sends.slice(index + 1)
  if (failure.kind === 'rate_limited') {
    // Telegram asked us to wait: this message and the rest of this chat's wait, without spending a try.
    const at = new Date(now().getTime() + failure.retryAfter * 1000)
    pacer.ended(message.chatId, failure.retryAfter * 1000)
    for (const m of [rows, ...rest]) await markAll(ctx, m, failure.description, { at, spendTry: false })
    log?.warn({ chatId: message.chatId, retryAfter: failure.retryAfter }, 'bot message rate limited')
    return 'stop'
  }
  pacer.ended(message.chatId)
  if (failure.kind === 'blocked') {
    for (const m of [rows, ...rest]) await markAll(ctx, m, failure.description, undefined)
    if (message.userId !== null) await markBlocked(db, message.chatId, now(), failure.description)
    log?.info({ chatId: message.chatId }, 'bot blocked by the user: no more messages until /start')
    return 'stop'
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
  await markAll(ctx, rows, failure.description, retry)
  const fields = { messageId: message.id, attempts: message.attempts, error: failure.description }
  failing.tries++
  if (last) log?.warn(fields, 'bot message failed for good')
  else if (failing.since === undefined)
    log?.warn(fields, 'bot messages failing; each retried with a growing wait until it is sent')
  else log?.debug(fields, 'bot message failed; will retry')
  failing.since ??= Date.now()
  return 'next'
}

/** Sends one chat's claimed messages in order; a failure that concerns the chat settles the rest too. */
async function sendChat(ctx: OutboxContext, sends: Outgoing[]): Promise<void> {
  const { pacer, log, failing } = ctx
  for (const [index, rows] of sends.entries()) {
    const [message] = rows
    if (message === undefined) continue
    const rendered = renderOrReason(ctx, rows)
    if (typeof rendered === 'string') {
      await markAll(ctx, rows, rendered, undefined)
      continue
    }
    const delay = pacer.reserve(message.chatId)
    if (delay > 0) await sleep(delay)
    try {
      const sent = await ctx.bot.api.sendMessage(message.chatId, rendered.text, {
        ...(rendered.replyMarkup ? { reply_markup: rendered.replyMarkup } : {}),
        link_preview_options: { is_disabled: true },
      })
      pacer.ended(message.chatId)
      await markAllSent(ctx, rows, sent.message_id)
      if (failing.since !== undefined) {
        log?.info(
          { failedTries: failing.tries, failingMs: Date.now() - failing.since },
          'bot messages send again',
        )
        failing.since = undefined
        failing.tries = 0
      }
    } catch (error) {
      if ((await settleFailure(ctx, sends, index, error)) === 'stop') return
    }
  }
}

/** Claims and sends up to `limit` due messages, one chat's in order, chats side by side; answers how many. */
export async function deliverDue(
  ctx: OutboxContext,
  limit: number = ctx.settings.batchSize,
): Promise<number> {
  const { db, now, pacer, settings } = ctx
  pacer.prune()
  const claimed = await claimDueMessages(db, now(), limit, settings.leaseSeconds, settings.groupSeconds)
  const byChat = new Map<number, ClaimedMessage[]>()
  for (const message of claimed) byChat.set(message.chatId, [...(byChat.get(message.chatId) ?? []), message])
  await Promise.all(
    [...byChat.values()].map(async (messages) => sendChat(ctx, await outgoing(ctx, messages))),
  )
  return claimed.length
}
