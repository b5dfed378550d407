/**
 * The user's side of support (docs/support.md): their conversation with seen and replied marks, writing to it from
 * the mini-app (within the limits), and reading the replies.
 */
import {
  type SendSupportMessageBody,
  SUPPORT_MESSAGES_PER_HOUR,
  SUPPORT_THREAD_PAGE,
  type SupportMessage,
  type SupportThread,
} from '@app/contract'
import type { Db } from '#db/client.ts'
import { DomainError } from '#lib/domain-error.ts'
import { epochSeconds } from '#lib/epoch-seconds.ts'
import { transactionThenWake } from '../bot-outbox/queue.ts'
import { decodePhoto, storePhoto } from './photos.ts'
import { displayName, recordUserMessage } from './record-message.ts'
import {
  appMessagesSince,
  countUnreadReplies,
  findMessageByClientKey,
  findThreadOfUser,
  listMessages,
  type MessageRow,
  type ThreadRow,
  updateThread,
} from './repository.ts'
import { consoleThreadLink, type SupportContext } from './support-context.ts'

/** The user as support needs them: who writes, and where a photo may go. */
export type SupportUser = {
  id: number
  telegramId: number | null
  firstName: string
  lastName: string | null
  username: string | null
}

const HOUR_MS = 3600_000

/** A message as the user sees it; `repliedAfter`: the id of the thread's last operator message. */
function toUserMessage(row: MessageRow, thread: ThreadRow, lastReplyId: number): SupportMessage {
  const own = row.author === 'user'
  const seen = thread.operatorReadAt !== null && thread.operatorReadAt >= row.createdAt
  return {
    uid: row.uid,
    from: row.author,
    text: row.text,
    hasPhoto: row.photoFileId !== null,
    via: row.via,
    createdAt: epochSeconds(row.createdAt),
    state: !own ? null : lastReplyId > row.id ? 'replied' : seen ? 'seen' : 'sent',
  }
}

const lastReplyIdOf = (rows: MessageRow[]) =>
  rows.reduce((last, row) => (row.author === 'operator' && row.id > last ? row.id : last), 0)

export async function readThread(context: SupportContext, userId: number): Promise<SupportThread> {
  const thread = await findThreadOfUser(context.db, userId)
  if (!thread) return { status: null, messages: [], unread: 0 }
  const [rows, unread] = await Promise.all([
    listMessages(context.db, thread.id, SUPPORT_THREAD_PAGE),
    countUnreadReplies(context.db, userId),
  ])
  const lastReply = lastReplyIdOf(rows)
  return { status: thread.status, messages: rows.map((row) => toUserMessage(row, thread, lastReply)), unread }
}

export async function markUserRead(context: SupportContext, userId: number): Promise<{ ok: true }> {
  const thread = await findThreadOfUser(context.db, userId)
  if (thread) await updateThread(context.db, thread.id, { userReadAt: context.now() })
  return { ok: true }
}

/** 429 past the hourly count, with the seconds until the oldest message of the hour leaves it. */
async function checkHourlyLimit(db: Db, now: Date, threadId: number): Promise<void> {
  const since = new Date(now.getTime() - HOUR_MS)
  const sent = await appMessagesSince(db, threadId, since)
  if (sent.count < SUPPORT_MESSAGES_PER_HOUR) return
  const oldest = sent.oldest ?? now
  const wait = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000))
  throw new DomainError(429, 'SUPPORT_LIMIT_REACHED', 'Too many support messages this hour', { wait })
}

/**
 * Writes to the user's thread from the mini-app. A resend with the same client key answers the message kept the
 * first time; the photo is checked and handed to Telegram before anything is kept, so a failure keeps nothing and
 * the mini-app still holds what the user wrote.
 */
export async function sendMessage(
  context: SupportContext,
  user: SupportUser,
  body: SendSupportMessageBody,
): Promise<SupportMessage> {
  const thread = await findThreadOfUser(context.db, user.id)
  if (thread && body.clientKey) {
    const same = await findMessageByClientKey(context.db, thread.id, body.clientKey)
    if (same) return toUserMessage(same, thread, 0)
  }
  // Refused early, before a photo goes to Telegram; counted again under the thread's lock, where it holds.
  if (thread) await checkHourlyLimit(context.db, context.now(), thread.id)
  const text = body.text?.trim() || null
  const photoFileId =
    body.photo === undefined
      ? null
      : await storePhoto(context, decodePhoto(body.photo.data), {
          userTelegramId: user.telegramId,
          caption: `Support photo from ${displayName(user)}${thread ? `: ${consoleThreadLink(context.config.appOrigins, thread.uid)}` : ''}`,
        })
  const recorded = await transactionThenWake(context.db, context.messageQueued, (tx) =>
    recordUserMessage(
      tx,
      noticeConfig(context),
      context.now(),
      {
        userId: user.id,
        text,
        photoFileId,
        via: 'app',
        context: body.context ?? null,
        clientKey: body.clientKey ?? null,
      },
      (tx, locked) => checkHourlyLimit(tx, context.now(), locked.id),
    ),
  )
  return toUserMessage(recorded.message, recorded.thread, 0)
}

const noticeConfig = (context: SupportContext) => ({
  opsChatId: context.config.bot.opsChatId,
  appOrigins: context.config.appOrigins,
})
