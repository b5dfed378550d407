/**
 * The bot's outbox as the modules see it (docs/bot.md): queueing a message, called with the `tx` of the change it
 * tells of. The bot module sends what is queued; the modules that queue never import it.
 */
import { languageFromTelegram } from '@app/contract'
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { accounts, botChats, botOutbox, users } from '#db/schema.ts'
import { timestamptz } from '#db/timestamp.ts'
import { formatUsdt } from '#lib/money.ts'
import { maskPhoneNumber } from '#lib/phone-number.ts'
import type { AccountMessage, BotMessage, ValidationFailureReason } from './messages.ts'

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
