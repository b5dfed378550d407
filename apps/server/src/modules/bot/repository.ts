/**
 * The Telegram bot's own SQL (docs/bot.md): who started or blocked it, the updates handled, and the sending side
 * of the outbox (what is queued: modules/bot-outbox).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { claimDueRows, type OutboxClaim, ownClaim as ownOutboxClaim } from '#db/outbox-claim.ts'
import { botChats, botOutbox, botUpdates, users } from '#db/schema.ts'
import { timestamptz } from '#db/timestamp.ts'
import { POLLING_LEASE } from './polling.ts'

// --- Who may be written to ---

/** The user started the bot: they may be written to again, even after a block. */
export async function markStarted(db: Db, telegramId: number, now: Date): Promise<void> {
  await db
    .insert(botChats)
    .values({ telegramId, startedAt: timestamptz(now), updatedAt: timestamptz(now) })
    .onConflictDoUpdate({
      target: botChats.telegramId,
      set: { startedAt: timestamptz(now), blockedAt: null, updatedAt: timestamptz(now) },
    })
}

/**
 * Whether a Telegram user is one of ours (signed in once, blocked or not): /start without a code welcomes them
 * rather than asking for an invitation.
 */
export async function isMember(db: Db, telegramId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.telegramId, telegramId)).limit(1)
  return row !== undefined
}

/** A send answered 403: no more messages to this chat until /start; what is queued for it fails now. */
export async function markBlocked(db: Db, chatId: number, now: Date, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(botChats)
      .values({ telegramId: chatId, blockedAt: timestamptz(now), updatedAt: timestamptz(now) })
      .onConflictDoUpdate({
        target: botChats.telegramId,
        set: { blockedAt: timestamptz(now), updatedAt: timestamptz(now) },
      })
    await tx
      .update(botOutbox)
      .set({ status: 'failed', lastError: reason, claimedUntil: null })
      .where(and(eq(botOutbox.chatId, chatId), eq(botOutbox.status, 'pending')))
  })
}

// --- Updates handled ---

/**
 * Records that the bot handled `updateId`: true the first time, false for a replay (the row exists, or another
 * transaction that recorded it committed meanwhile: the unique key makes this one wait for it). Call it with the
 * `tx` that queues the answer, so that both commit or neither.
 */
export async function recordHandledUpdate(
  db: Db,
  update: { botId: number; updateId: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(botUpdates)
    .values({ botId: update.botId, updateId: update.updateId, handledAt: timestamptz(update.now) })
    .onConflictDoNothing()
    .returning({ updateId: botUpdates.updateId })
  return rows.length === 1
}

/**
 * The highest update id this database has seen: the polling position or a handled update. Telegram numbers updates
 * on from there; the development fake, started anew with each process, is told to as well (dev/fake-bot-api).
 */
export async function lastUpdateId(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    select greatest(
      (select max(update_id) from bot_updates),
      (select max(position) from leases where name = ${POLLING_LEASE}),
      0
    )::text as last
  `)) as { rows: { last: string }[] }
  return Number(result.rows[0]?.last ?? 0)
}

// --- The outbox ---

export type ClaimedMessage = {
  id: number
  chatId: number
  userId: number | null
  kind: string
  language: string
  /** Parsed by the renderer (modules/bot-outbox/messages.ts `parseBotMessage`). */
  params: unknown
  attempts: number
  claimToken: string
}
type ClaimRow = {
  id: string | number
  chat_id: string | number
  user_id: string | number | null
  kind: string
  language: string
  params: unknown
  attempts: number
  claim_token: string
}

const toClaimed = (r: ClaimRow): ClaimedMessage => ({
  id: Number(r.id),
  chatId: Number(r.chat_id),
  userId: r.user_id === null ? null : Number(r.user_id),
  kind: r.kind,
  language: r.language,
  params: typeof r.params === 'string' ? (JSON.parse(r.params) as unknown) : r.params,
  attempts: r.attempts,
  claimToken: r.claim_token,
})
const CLAIM_COLUMNS = ['chat_id', 'user_id', 'kind', 'language', 'params'] as const

/** The kind sent together when several come within the window (docs/bot.md, 'Acceptances together'). */
export const GROUPED_KIND = 'account_accepted'

/**
 * Claims up to `limit` due messages, as the email outbox claims mail (`db/outbox-claim.ts`). A chat another claim is
 * sending to, or that was sent to within the last second, waits for a later look, so that processes keep to
 * Telegram's one message a second per chat between them; two claims at the same moment do not split a chat either
 * (its advisory lock, held until the claim commits, which the other passes over). An acceptance never tried waits
 * `groupSeconds` from when it was queued for the user's next ones, unless a later message to the chat is waiting
 * (it is not overtaken).
 */
export async function claimDueMessages(
  db: Db,
  now: Date,
  limit: number,
  leaseSeconds: number,
  groupSeconds = 0,
): Promise<ClaimedMessage[]> {
  const lastSecond = new Date(now.getTime() - 1000)
  const heldSince = new Date(now.getTime() - groupSeconds * 1000)
  const rows = await claimDueRows<Omit<ClaimRow, 'id' | 'attempts' | 'claim_token'>>(db, {
    table: 'bot_outbox',
    now,
    limit,
    leaseSeconds,
    columns: CLAIM_COLUMNS,
    also: sql`not exists (
      select 1 from bot_outbox x
      where x.chat_id = o.chat_id and x.id <> o.id
        and ((x.status = 'sending' and x.claimed_until >= ${timestamptz(now)}) or x.sent_at > ${timestamptz(lastSecond)})
    ) and (
      o.kind <> ${GROUPED_KIND} or o.attempts > 0 or o.last_error is not null
      or o.next_attempt_at <= ${timestamptz(heldSince)}
      or exists (
        select 1 from bot_outbox y
        where y.chat_id = o.chat_id and y.id > o.id and y.kind <> ${GROUPED_KIND} and y.status = 'pending'
      )
    ) and pg_try_advisory_xact_lock(hashtext('bot-chat'), hashtext(o.chat_id::text))`,
  })
  return rows.map(toClaimed)
}

/**
 * Claims the chat's other acceptances that wait (due or held, or left by a claimer that died), to go in one message
 * with the one claimed: `FOR UPDATE SKIP LOCKED`, so a row another process holds stays its own.
 */
export async function claimMoreAcceptances(
  db: Db,
  chatId: number,
  now: Date,
  leaseSeconds: number,
): Promise<ClaimedMessage[]> {
  const leaseEnd = new Date(now.getTime() + leaseSeconds * 1000)
  const returning = sql.raw(
    ['id', 'attempts', 'claim_token', ...CLAIM_COLUMNS].map((c) => `o.${c}`).join(', '),
  )
  const result = (await db.execute(sql`
    with more as (
      select o.id from bot_outbox o
      where o.chat_id = ${chatId} and o.kind = ${GROUPED_KIND}
        and (o.status = 'pending' or (o.status = 'sending' and o.claimed_until < ${timestamptz(now)}))
      order by o.id
      limit 1000
      for update of o skip locked
    )
    update bot_outbox o
    set status = 'sending', claimed_until = ${timestamptz(leaseEnd)}, claim_token = gen_random_uuid(),
      attempts = o.attempts + 1
    from more
    where o.id = more.id
    returning ${returning}
  `)) as { rows: ClaimRow[] }
  return result.rows.map(toClaimed)
}

const ownClaim = (message: OutboxClaim) => ownOutboxClaim('bot_outbox', message)

export async function markMessageSent(
  db: Db,
  message: Pick<ClaimedMessage, 'id' | 'claimToken'>,
  telegramMessageId: number,
  now: Date,
): Promise<void> {
  await db
    .update(botOutbox)
    .set({
      status: 'sent',
      sentAt: timestamptz(now),
      messageId: telegramMessageId,
      claimedUntil: null,
      lastError: null,
    })
    .where(ownClaim(message))
}

/**
 * A failed try: back to pending at `retryAt` (a 429's wait does not spend a try: `spendTry` false), or failed for
 * good with its reason.
 */
export async function markMessageFailed(
  db: Db,
  message: Pick<ClaimedMessage, 'id' | 'claimToken'>,
  error: string,
  retry: { at: Date; spendTry: boolean } | undefined,
): Promise<void> {
  await db
    .update(botOutbox)
    .set(
      retry
        ? {
            status: 'pending',
            nextAttemptAt: timestamptz(retry.at),
            claimedUntil: null,
            lastError: error,
            ...(retry.spendTry ? {} : { attempts: sql`${botOutbox.attempts} - 1` }),
          }
        : { status: 'failed', claimedUntil: null, lastError: error },
    )
    .where(ownClaim(message))
}

/** What the outbox holds for a chat, newest first (tests, the simulator). */
export async function listChatMessages(db: Db, chatId: number, limit: number) {
  return db
    .select({
      id: botOutbox.id,
      kind: botOutbox.kind,
      status: botOutbox.status,
      attempts: botOutbox.attempts,
      lastError: botOutbox.lastError,
    })
    .from(botOutbox)
    .where(eq(botOutbox.chatId, chatId))
    .orderBy(sql`${botOutbox.id} desc`)
    .limit(limit)
}

// --- Operators' alerts ---

/** Payouts in review since before `before`, not yet reported (dedupe key `review:<uid>`). */
export async function payoutsLongInReview(db: Db, before: Date, limit: number) {
  const result = (await db.execute(sql`
    select t.uid, t.currency, t.net::text as net, t.updated_at
    from transactions t
    where t.status = 'review' and t.updated_at < ${timestamptz(before)}
      and not exists (select 1 from bot_outbox o where o.dedupe_key = 'review:' || t.uid::text)
    order by t.updated_at
    limit ${limit}
  `)) as { rows: { uid: string; currency: 'trx' | 'usdt' | 'irt'; net: string }[] }
  return result.rows
}
