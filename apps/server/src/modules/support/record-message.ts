/**
 * A user's message joins their thread, whether written in the mini-app or to the bot (docs/support.md): kept in
 * the caller's transaction with the thread's state, and the operators' chat told when the thread is new or opens
 * again. Nothing the user wrote is refused here but by `admit`, the caller's limit, checked under the thread's lock.
 */
import type { SupportContext as MessageContext } from '@app/contract'
import type { Db } from '#db/client.ts'
import { queueOpsMessage } from '../bot-outbox/queue.ts'
import {
  findMessageByClientKey,
  findThreadOfUser,
  findUserOfThread,
  insertMessage,
  lockOrCreateThread,
  type MessageRow,
  type ThreadRow,
  updateThread,
} from './repository.ts'
import type { SupportVia } from './schema.ts'
import { consoleThreadLink } from './support-context.ts'

export type IncomingMessage = {
  userId: number
  text: string | null
  photoFileId: string | null
  via: Exclude<SupportVia, 'console'>
  context: MessageContext | null
  clientKey: string | null
}

/** Throws to refuse a message; runs once the thread is locked, so concurrent messages are counted one by one. */
export type Admit = (tx: Db, thread: ThreadRow) => Promise<void>

export type NoticeConfig = { opsChatId: number | undefined; appOrigins: string[] }

export type Recorded = {
  message: MessageRow
  thread: ThreadRow
  /** The thread was made by this message, or opened again after it was closed. */
  opened: 'new' | 'reopened' | null
  /** The thread's status before this message (null: there was none). */
  previous: ThreadRow['status'] | null
}

/** How much of a message the operators' chat shows. */
const PREVIEW = 200
const preview = (text: string | null) =>
  text === null ? '(photo)' : text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text

export const displayName = (user: { firstName: string; lastName: string | null; username: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') + (user.username ? ` (@${user.username})` : '')

export async function recordUserMessage(
  tx: Db,
  config: NoticeConfig,
  now: Date,
  incoming: IncomingMessage,
  admit?: Admit,
): Promise<Recorded> {
  const existed = await findThreadOfUser(tx, incoming.userId)
  const thread = await lockOrCreateThread(tx, incoming.userId, now)
  if (incoming.clientKey !== null) {
    const same = await findMessageByClientKey(tx, thread.id, incoming.clientKey)
    if (same) return { message: same, thread, opened: null, previous: thread.status }
  }
  await admit?.(tx, thread)
  const message = await insertMessage(tx, {
    threadId: thread.id,
    author: 'user',
    text: incoming.text,
    photoFileId: incoming.photoFileId,
    via: incoming.via,
    context: incoming.context,
    clientKey: incoming.clientKey,
    createdAt: now,
  })
  if (!message) throw new Error('support message not kept')
  const opened = existed === undefined ? 'new' : thread.status === 'closed' ? 'reopened' : null
  const patch = { status: 'open' as const, awaitingSince: thread.awaitingSince ?? now, lastMessageAt: now }
  await updateThread(tx, thread.id, patch)
  if (opened !== null) await tellOperators(tx, config, now, thread, message, opened)
  return { message, thread: { ...thread, ...patch }, opened, previous: existed ? thread.status : null }
}

async function tellOperators(
  tx: Db,
  config: NoticeConfig,
  now: Date,
  thread: ThreadRow,
  message: MessageRow,
  opened: 'new' | 'reopened',
): Promise<void> {
  const user = await findUserOfThread(tx, thread.id)
  await queueOpsMessage(tx, config.opsChatId, {
    kind: 'ops_support_thread',
    params: {
      user: user ? displayName(user) : 'a user',
      text: preview(message.text),
      link: consoleThreadLink(config.appOrigins, thread.uid),
      reopened: opened === 'reopened' ? 'yes' : '',
    },
    now,
    dedupeKey: `support-opened:${message.uid}`,
  })
}
