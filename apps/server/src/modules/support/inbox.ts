/** The operators' side of reading support (docs/support.md): the inbox, a thread with the user's record, read marks. */
import { languageFromTelegram, SUPPORT_THREAD_PAGE } from '@app/contract'
import type {
  OpsSupportMessage,
  OpsSupportThread,
  OpsSupportThreadDetail,
  OpsSupportThreadsQuery,
} from '@app/contract/ops'
import { notFound } from '#lib/domain-error.ts'
import {
  assignableLogins,
  findThreadByUid,
  findThreadListRow,
  listMessages,
  listThreads,
  type MessageRow,
  type ThreadListRow,
  updateThread,
} from './repository.ts'
import type { SupportContext } from './support-context.ts'
import { readUserRecord } from './user-record.ts'

const iso = (at: Date | string) => new Date(at).toISOString()

function toOpsThread(row: ThreadListRow): OpsSupportThread {
  const { thread, user, last } = row
  return {
    uid: thread.uid,
    status: thread.status,
    user: {
      uid: user.uid,
      telegramId: user.telegramId,
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.username,
      language: languageFromTelegram(user.languageCode),
      blocked: user.blocked,
    },
    unread: Number(row.unread),
    assignee: row.assignee,
    lastMessage: last
      ? { from: last.author, text: last.text, at: iso(last.at) }
      : { from: 'user', text: null, at: iso(thread.lastMessageAt) },
    awaitingSince: thread.awaitingSince === null ? null : iso(thread.awaitingSince),
    updatedAt: iso(thread.lastMessageAt),
  }
}

export function toOpsMessage(row: MessageRow): OpsSupportMessage {
  return {
    uid: row.uid,
    from: row.author,
    operator: row.author === 'operator' ? (row.operatorLogin ?? 'operator') : null,
    text: row.text,
    hasPhoto: row.photoFileId !== null,
    via: row.via,
    context: row.context,
    createdAt: iso(row.createdAt),
  }
}

/** `mine`: the calling operator's threads. */
export async function listInbox(
  context: SupportContext,
  query: {
    status?: OpsSupportThreadsQuery['status']
    q?: string | undefined
    mine?: string | undefined
    limit: number
  },
  operatorId: number | null,
): Promise<{ items: OpsSupportThread[] }> {
  const rows = await listThreads(context.db, {
    status: query.status ?? 'all',
    q: query.q,
    assigneeId: query.mine === 'true' ? (operatorId ?? -1) : undefined,
    limit: query.limit,
  })
  return { items: rows.map(toOpsThread) }
}

export async function threadDetail(context: SupportContext, uid: string): Promise<OpsSupportThreadDetail> {
  const row = await findThreadListRow(context.db, uid)
  if (!row) throw notFound('No such support thread')
  const [messages, record, assignable] = await Promise.all([
    listMessages(context.db, row.thread.id, SUPPORT_THREAD_PAGE),
    readUserRecord(context.db, row.thread.userId),
    assignableLogins(context.db),
  ])
  return { thread: toOpsThread(row), messages: messages.map(toOpsMessage), record, assignable }
}

/** An operator opened the thread: what the user wrote so far is seen. */
export async function markOperatorRead(context: SupportContext, uid: string): Promise<{ ok: true }> {
  const thread = await findThreadByUid(context.db, uid)
  if (!thread) throw notFound('No such support thread')
  await updateThread(context.db, thread.id, { operatorReadAt: context.now() })
  return { ok: true }
}
