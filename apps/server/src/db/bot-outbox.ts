/**
 * The bot's outbox as the modules see it (docs/bot.md): what a message may say, one typed union that the queue
 * writes and the bot's renderer reads, and the queueing itself, called with the `tx` of the change a message
 * tells of. The bot module sends what is queued; the modules that queue never import it.
 */
import { ACCOUNT_CHECK_FAILURES, languageFromTelegram } from '@app/contract'
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { formatUsdt } from '../lib/money.ts'
import { maskPhoneNumber } from '../lib/phone-number.ts'
import type { Db } from './client.ts'
import { accounts, botChats, botOutbox, users } from './schema.ts'
import { timestamptz } from './timestamp.ts'

const text = z.string()
const kind = <const K extends string>(...kinds: [K, ...K[]]) =>
  kinds.length === 1 ? z.literal(kinds[0]) : z.enum(kinds)

/** Why a validation failed (`bot.reason.*`): the contract's first failed check, or `failed` when none says. */
export const VALIDATION_FAILURE_REASONS = [...ACCOUNT_CHECK_FAILURES, 'failed'] as const
export type ValidationFailureReason = (typeof VALIDATION_FAILURE_REASONS)[number]

const account = { accountUid: text, phone: text }
const operatorParams = { by: text, login: text, role: text, from: text, was: z.optional(text) }

/** Every message the bot sends: its kind and the parameters its words take. */
export const BotMessageSchema = z.discriminatedUnion('kind', [
  // To users, in their language, with a button opening the screen the message is about.
  z.object({
    kind: kind('account_accepted'),
    // The account's net in USDT ('2.5'): acceptances sent together say what they add (absent in older rows).
    params: z.object({ ...account, amount: z.optional(text) }),
  }),
  z.object({ kind: kind('account_rejected'), params: z.object(account) }),
  z.object({
    kind: kind('account_validation_failed'),
    params: z.object({ ...account, reason: z.enum(VALIDATION_FAILURE_REASONS) }),
  }),
  z.object({
    kind: kind('invoice_confirmed', 'invoice_rejected'),
    params: z.object({ amount: text, invoiceUid: text }),
  }),
  z.object({
    kind: kind('payout_succeeded', 'payout_failed'),
    params: z.object({
      amount: text,
      currency: text,
      /** The explorer's page of a sent coin payout; absent or empty otherwise. */
      link: z.optional(text),
      invoiceUid: text,
      transactionUid: text,
    }),
  }),
  // Support (docs/support.md): an operator's reply, plain text; that a message reached support.
  z.object({ kind: kind('support_reply'), params: z.object({ text }) }),
  z.object({ kind: kind('support_received'), params: z.object({}) }),
  // Answers to a chat's updates.
  z.object({ kind: kind('start_welcome'), params: z.object({ code: text }) }),
  z.object({ kind: kind('start_member', 'start_no_code', 'help'), params: z.object({}) }),
  // To the operators' chat, in English.
  z.object({
    kind: kind('ops_invoice_pending'),
    params: z.object({ amount: text, invoiceUid: text, user: text }),
  }),
  z.object({
    kind: kind('ops_payout_requested'),
    params: z.object({ amount: text, currency: text, invoiceUid: text }),
  }),
  z.object({
    kind: kind('ops_support_thread'),
    params: z.object({ user: text, text, link: text, reopened: z.optional(text) }),
  }),
  z.object({ kind: kind('ops_support_unanswered'), params: z.object({ minutes: text, link: text }) }),
  z.object({
    kind: kind('ops_payout_in_review'),
    params: z.object({ transactionUid: text, amount: text, currency: text }),
  }),
  z.object({
    kind: kind(
      'ops_operator_created',
      'ops_operator_promoted',
      'ops_operator_enabled',
      'ops_operator_reset',
      'ops_operator_api_token',
    ),
    params: z.object(operatorParams),
  }),
  z.object({
    kind: kind('ops_setting_scheduled'),
    params: z.object({ key: text, by: text, was: text, value: text, effectiveAt: text, delay: text }),
  }),
  z.object({
    kind: kind('ops_setting_changed'),
    params: z.object({ key: text, by: text, was: text, value: text, cancelled: z.optional(text) }),
  }),
])
export type BotMessage = z.infer<typeof BotMessageSchema>
export type BotMessageKind = BotMessage['kind']
type AccountMessage = Extract<BotMessage, { params: { accountUid: string } }>

/** A stored row as the union; undefined for a kind or parameters this version does not know. */
export function parseBotMessage(row: { kind: string; params: unknown }): BotMessage | undefined {
  const parsed = BotMessageSchema.safeParse({ kind: row.kind, params: row.params })
  return parsed.success ? parsed.data : undefined
}

// --- Who may be written to ---

/** The user's init data allowed messages (`allows_write_to_pm`). Never lifts a block: only /start does. */
export async function markWriteAllowed(db: Db, telegramId: number, now: Date): Promise<void> {
  await db
    .insert(botChats)
    .values({ telegramId, writeAllowedAt: timestamptz(now), updatedAt: timestamptz(now) })
    .onConflictDoUpdate({
      target: botChats.telegramId,
      set: { writeAllowedAt: sql`coalesce(${botChats.writeAllowedAt}, excluded.write_allowed_at)` },
    })
}

// --- Queueing ---

/** Queues a message to a chat as it is (a /start answer, the operators' chat); a repeated `dedupeKey` is a no-op. */
export async function queueChatMessage(
  db: Db,
  message: BotMessage & { chatId: number; language: string; now: Date; dedupeKey?: string | undefined },
): Promise<void> {
  await db
    .insert(botOutbox)
    .values({
      chatId: message.chatId,
      kind: message.kind,
      language: message.language,
      params: message.params,
      nextAttemptAt: timestamptz(message.now),
      dedupeKey: message.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: botOutbox.dedupeKey })
}

/** Queues an English message to the operators' chat (OPS_CHAT_ID), when one is configured. */
export async function queueOpsMessage(
  db: Db,
  opsChatId: number | undefined,
  message: BotMessage & { now: Date; dedupeKey?: string | undefined },
): Promise<void> {
  if (opsChatId === undefined) return
  await queueChatMessage(db, { ...message, chatId: opsChatId, language: 'en' })
}

/**
 * Queues a message to a user, in their language. Nothing is queued for a user without a Telegram id (email
 * only), who never allowed messages nor started the bot, or who blocked it.
 */
export async function queueUserMessage(
  db: Db,
  message: BotMessage & { userId: number; now: Date },
): Promise<void> {
  const [to] = await db
    .select({ chatId: users.telegramId, languageCode: users.languageCode })
    .from(users)
    .innerJoin(botChats, eq(botChats.telegramId, users.telegramId))
    .where(
      and(
        eq(users.id, message.userId),
        isNull(botChats.blockedAt),
        or(isNotNull(botChats.startedAt), isNotNull(botChats.writeAllowedAt)),
      ),
    )
  if (to?.chatId == null) return
  await db.insert(botOutbox).values({
    chatId: to.chatId,
    userId: message.userId,
    kind: message.kind,
    language: languageFromTelegram(to.languageCode),
    params: message.params,
    nextAttemptAt: timestamptz(message.now),
  })
}

/**
 * Queues a message about an account to its owner (as `queueUserMessage`): the phone masked but for its last four
 * digits, and the account's uid for the button.
 */
export async function queueAccountMessage(
  db: Db,
  message: (
    | { kind: Exclude<AccountMessage['kind'], 'account_validation_failed'> }
    | { kind: 'account_validation_failed'; reason: ValidationFailureReason }
  ) & { accountId: number; now: Date },
): Promise<void> {
  const [row] = await db
    .select({ uid: accounts.uid, phone: accounts.phone, userId: accounts.userId, net: accounts.net })
    .from(accounts)
    .where(eq(accounts.id, message.accountId))
  if (row === undefined) return
  const about = { accountUid: row.uid, phone: maskPhoneNumber(row.phone) }
  const { userId, now } = { userId: row.userId, now: message.now }
  await queueUserMessage(
    db,
    message.kind === 'account_validation_failed'
      ? { userId, now, kind: message.kind, params: { ...about, reason: message.reason } }
      : message.kind === 'account_accepted'
        ? { userId, now, kind: message.kind, params: { ...about, amount: formatUsdt(row.net) } }
        : { userId, now, kind: message.kind, params: about },
  )
}

/**
 * Runs `work` in a transaction of its own and, once it committed, calls `messageQueued`: this process's outbox
 * worker looks at once (as the email outbox's does) rather than at its next poll, which finds what other processes
 * queued. Inside another's transaction (the audit log's) the owner of that transaction wakes the worker instead.
 */
export async function transactionThenWake<T>(
  db: Db,
  messageQueued: (() => void) | undefined,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  const result = await db.transaction(work)
  messageQueued?.()
  return result
}
