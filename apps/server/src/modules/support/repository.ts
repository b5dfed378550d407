/** Support's SQL (docs/support.md): threads, messages, saved replies, users' last errors. */
import type { SupportContext, SupportThreadStatus } from '@app/contract'
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, type SQLWrapper, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { operators, userBlocks, users } from '#db/schema.ts'
import { timestamptz } from '#db/timestamp.ts'
import {
  type SupportAuthor,
  type SupportVia,
  supportMessages,
  supportSavedReplies,
  supportThreads,
  supportUserErrors,
} from './schema.ts'

export type ThreadRow = typeof supportThreads.$inferSelect
export type MessageRow = typeof supportMessages.$inferSelect & { operatorLogin: string | null }

/** The user's thread, made on their first message; locked for the rest of `tx` (one writer a thread at a time). */
export async function lockOrCreateThread(tx: Db, userId: number, now: Date): Promise<ThreadRow> {
  await tx
    .insert(supportThreads)
    .values({ userId, status: 'open', lastMessageAt: now, createdAt: now })
    .onConflictDoNothing({ target: supportThreads.userId })
  const [row] = await tx.select().from(supportThreads).where(eq(supportThreads.userId, userId)).for('update')
  if (!row) throw new Error('support thread vanished')
  return row
}

export async function lockThreadByUid(tx: Db, uid: string): Promise<ThreadRow | undefined> {
  const [row] = await tx.select().from(supportThreads).where(eq(supportThreads.uid, uid)).for('update')
  return row
}

export async function findThreadOfUser(db: Db, userId: number): Promise<ThreadRow | undefined> {
  const [row] = await db.select().from(supportThreads).where(eq(supportThreads.userId, userId))
  return row
}

export async function findThreadByUid(db: Db, uid: string): Promise<ThreadRow | undefined> {
  const [row] = await db.select().from(supportThreads).where(eq(supportThreads.uid, uid))
  return row
}

export type ThreadPatch = Partial<
  Pick<
    ThreadRow,
    'status' | 'assigneeId' | 'awaitingSince' | 'operatorReadAt' | 'userReadAt' | 'lastMessageAt'
  >
>

export async function updateThread(tx: Db, id: number, patch: ThreadPatch): Promise<void> {
  if (Object.keys(patch).length === 0) return
  await tx.update(supportThreads).set(patch).where(eq(supportThreads.id, id))
}

export type NewMessage = {
  threadId: number
  author: SupportAuthor
  operatorId?: number | null
  text: string | null
  photoFileId?: string | null
  via: SupportVia
  context?: SupportContext | null
  clientKey?: string | null
  createdAt: Date
}

const messageColumns = {
  id: supportMessages.id,
  uid: supportMessages.uid,
  threadId: supportMessages.threadId,
  author: supportMessages.author,
  operatorId: supportMessages.operatorId,
  text: supportMessages.text,
  photoFileId: supportMessages.photoFileId,
  via: supportMessages.via,
  context: supportMessages.context,
  clientKey: supportMessages.clientKey,
  createdAt: supportMessages.createdAt,
  operatorLogin: operators.login,
}

/** Inserts a message; undefined when the thread already holds one with the same client key (a resend). */
export async function insertMessage(tx: Db, message: NewMessage): Promise<MessageRow | undefined> {
  const [row] = await tx
    .insert(supportMessages)
    .values({
      threadId: message.threadId,
      author: message.author,
      operatorId: message.operatorId ?? null,
      text: message.text,
      photoFileId: message.photoFileId ?? null,
      via: message.via,
      context: message.context ?? null,
      clientKey: message.clientKey ?? null,
      createdAt: message.createdAt,
    })
    .onConflictDoNothing()
    .returning({ uid: supportMessages.uid })
  return row === undefined ? undefined : findMessageByUid(tx, row.uid)
}

async function findMessageByUid(db: Db, uid: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(supportMessages)
    .leftJoin(operators, eq(operators.id, supportMessages.operatorId))
    .where(eq(supportMessages.uid, uid))
  return row
}

export async function findMessageByClientKey(
  db: Db,
  threadId: number,
  clientKey: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(supportMessages)
    .leftJoin(operators, eq(operators.id, supportMessages.operatorId))
    .where(and(eq(supportMessages.threadId, threadId), eq(supportMessages.clientKey, clientKey)))
  return row
}

/** The thread's last `limit` messages, oldest first. */
export async function listMessages(db: Db, threadId: number, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select(messageColumns)
    .from(supportMessages)
    .leftJoin(operators, eq(operators.id, supportMessages.operatorId))
    .where(eq(supportMessages.threadId, threadId))
    .orderBy(desc(supportMessages.id))
    .limit(limit)
  return rows.reverse()
}

/** The user's messages written in the mini-app since `since`, and the oldest of them (the hourly limit). */
export async function appMessagesSince(
  db: Db,
  threadId: number,
  since: Date,
): Promise<{ count: number; oldest: Date | undefined }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${supportMessages.createdAt})` })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.threadId, threadId),
        eq(supportMessages.author, 'user'),
        eq(supportMessages.via, 'app'),
        gt(supportMessages.createdAt, since),
      ),
    )
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : undefined }
}

/**
 * Operators' replies after the user last read (the unread count of the mini-app), as a scalar subquery by user id:
 * the dashboard puts it in its one statement. It reads the thread by its unique user id, then its messages' index.
 */
export const unreadRepliesCountSql = (userId: number | SQLWrapper) => sql<number>`(
    select count(*)::int from ${supportMessages}
    join ${supportThreads} on ${supportThreads.id} = ${supportMessages.threadId}
    where ${supportThreads.userId} = ${userId} and ${supportMessages.author} = 'operator'
      and ${supportMessages.createdAt} > coalesce(${supportThreads.userReadAt}, '-infinity'))`

export async function countUnreadReplies(db: Db, userId: number): Promise<number> {
  const result = (await db.execute(sql`select ${unreadRepliesCountSql(userId)} as n`)) as {
    rows: { n: number }[]
  }
  return Number(result.rows[0]?.n ?? 0)
}

/** The user, for the thread list and the bot's words. */
const userColumns = {
  uid: users.uid,
  telegramId: users.telegramId,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  languageCode: users.languageCode,
  blocked: sql<boolean>`exists(select 1 from ${userBlocks} b where b.user_id = ${users.id})`.mapWith(Boolean),
}

export type ThreadListFilter = {
  /** One thread by its uid (the detail). */
  uid?: string | undefined
  status: SupportThreadStatus | 'all'
  q: string | undefined
  assigneeId: number | undefined
  limit: number
}

/** The inbox: threads by latest activity, with the user, the unread count, the assignee and the last message. */
export async function listThreads(db: Db, filter: ThreadListFilter) {
  const q = filter.q?.replace(/^@/, '')
  const digits = q?.replace(/[\s()+-]/g, '')
  const like = q === undefined || q === '' ? undefined : `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const search =
    like === undefined
      ? undefined
      : sql`(${users.uid}::text = ${q} or ${users.telegramId}::text = ${digits}
          or ${users.firstName} ilike ${like} or ${users.lastName} ilike ${like} or ${users.username} ilike ${like}
          or exists (select 1 from accounts a where a.user_id = ${users.id} and a.phone like ${`%${digits}%`} and ${digits} <> '')
          or exists (select 1 from support_messages m where m.thread_id = ${supportThreads.id} and m.text ilike ${like}))`
  return db
    .select({
      thread: supportThreads,
      user: userColumns,
      assignee: operators.login,
      unread: sql<number>`(select count(*)::int from support_messages m where m.thread_id = ${supportThreads.id}
        and m.author = 'user' and (${supportThreads.operatorReadAt} is null or m.created_at > ${supportThreads.operatorReadAt}))`,
      last: sql<{
        author: SupportAuthor
        text: string | null
        at: string
      }>`(select json_build_object('author', m.author,
        'text', m.text, 'at', m.created_at) from support_messages m where m.thread_id = ${supportThreads.id} order by m.id desc limit 1)`,
    })
    .from(supportThreads)
    .innerJoin(users, eq(users.id, supportThreads.userId))
    .leftJoin(operators, eq(operators.id, supportThreads.assigneeId))
    .where(
      and(
        filter.uid === undefined ? undefined : eq(supportThreads.uid, filter.uid),
        filter.status === 'all' ? undefined : eq(supportThreads.status, filter.status),
        filter.assigneeId === undefined ? undefined : eq(supportThreads.assigneeId, filter.assigneeId),
        search,
      ),
    )
    .orderBy(desc(supportThreads.lastMessageAt), desc(supportThreads.id))
    .limit(filter.limit)
}
export type ThreadListRow = Awaited<ReturnType<typeof listThreads>>[number]

export async function findThreadListRow(db: Db, uid: string): Promise<ThreadListRow | undefined> {
  const [row] = await listThreads(db, { uid, status: 'all', q: undefined, assigneeId: undefined, limit: 1 })
  return row
}

export async function findUserOfThread(db: Db, threadId: number) {
  const [row] = await db
    .select({ id: users.id, ...userColumns })
    .from(supportThreads)
    .innerJoin(users, eq(users.id, supportThreads.userId))
    .where(eq(supportThreads.id, threadId))
  return row
}

// --- Operators ---

export async function findOperatorByLogin(db: Db, login: string) {
  const [row] = await db
    .select({ id: operators.id, login: operators.login, role: operators.role })
    .from(operators)
    .where(and(eq(operators.login, login), isNull(operators.disabledAt)))
  return row
}

/** Operators and admins who may take a thread. */
export async function assignableLogins(db: Db): Promise<string[]> {
  const rows = await db
    .select({ login: operators.login })
    .from(operators)
    .where(and(isNull(operators.disabledAt), sql`${operators.role} in ('operator', 'admin')`))
    .orderBy(asc(operators.login))
  return rows.map((r) => r.login)
}

// --- Saved replies ---

export const listSavedReplies = (db: Db) =>
  db.select().from(supportSavedReplies).orderBy(asc(supportSavedReplies.title), asc(supportSavedReplies.id))

export async function insertSavedReply(
  db: Db,
  reply: { title: string; textEn: string; textFa: string; now: Date },
) {
  const [row] = await db
    .insert(supportSavedReplies)
    .values({ title: reply.title, textEn: reply.textEn, textFa: reply.textFa, createdAt: reply.now })
    .returning()
  if (!row) throw new Error('saved reply not inserted')
  return row
}

export async function deleteSavedReply(db: Db, uid: string): Promise<boolean> {
  const rows = await db
    .delete(supportSavedReplies)
    .where(eq(supportSavedReplies.uid, uid))
    .returning({ id: supportSavedReplies.id })
  return rows.length > 0
}

// --- Users' errors ---

/** How many of a user's last errors are kept. */
const USER_ERRORS_KEPT = 20

export async function insertUserError(
  db: Db,
  row: {
    userId: number
    method: string
    route: string
    status: number
    code: string | null
    requestId: string
    at: Date
  },
): Promise<void> {
  await db.insert(supportUserErrors).values(row)
  await db.execute(sql`delete from support_user_errors where user_id = ${row.userId} and id not in
    (select id from support_user_errors where user_id = ${row.userId} order by id desc limit ${USER_ERRORS_KEPT})`)
}

// --- Alerts and metrics ---

/** Threads whose user has waited since before `before`, oldest first. */
export async function threadsWaitingSince(db: Db, before: Date, limit: number) {
  return db
    .select({ uid: supportThreads.uid, awaitingSince: supportThreads.awaitingSince })
    .from(supportThreads)
    .where(and(isNotNull(supportThreads.awaitingSince), lt(supportThreads.awaitingSince, before)))
    .orderBy(asc(supportThreads.awaitingSince))
    .limit(limit)
}

/** Open threads, and how long the longest-waiting user has waited (0 when nobody waits). */
export async function readSupportGauges(
  db: Db,
  now: Date,
): Promise<{ open: number; oldestWaitSeconds: number }> {
  const result = (await db.execute(sql`select
    (select count(*)::int from support_threads where status = 'open') as open,
    (select coalesce(extract(epoch from (${timestamptz(now)} - min(awaiting_since))), 0)::float8
      from support_threads where awaiting_since is not null) as oldest`)) as {
    rows: Record<string, unknown>[]
  }
  const row = result.rows[0] ?? {}
  return { open: Number(row.open ?? 0), oldestWaitSeconds: Number(row.oldest ?? 0) }
}

// --- Who writes ---

const supportUserColumns = {
  id: users.id,
  uid: users.uid,
  telegramId: users.telegramId,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
}

/** A user by id or Telegram id, blocked or not: support is the one thing a blocked user still reaches. */
export async function findSupportUser(db: Db, by: { id: number } | { telegramId: number }) {
  const [row] = await db
    .select(supportUserColumns)
    .from(users)
    .where('id' in by ? eq(users.id, by.id) : eq(users.telegramId, by.telegramId))
  return row
}

export async function findPhotoFileId(db: Db, messageUid: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ fileId: supportMessages.photoFileId })
    .from(supportMessages)
    .where(eq(supportMessages.uid, messageUid))
  return row?.fileId
}
