/**
 * What operators do to a thread (docs/support.md): reply (kept, then sent by the bot in the user's language once),
 * assign and close. Each runs in the audit log's transaction (the ops routes' `audit.record`).
 */
import type { OpsSupportMessage } from '@app/contract/ops'
import { notFound, validationError } from '#lib/domain-error.ts'
import { queueUserMessage } from '../bot-outbox/queue.ts'
import { toOpsMessage } from './inbox.ts'
import {
  findMessageByClientKey,
  findOperatorByLogin,
  insertMessage,
  lockThreadByUid,
  type ThreadRow,
  updateThread,
} from './repository.ts'
import type { SupportContext } from './support-context.ts'

export type OperatorRef = { id: number | null; login: string }

async function lockThread(context: SupportContext, uid: string): Promise<ThreadRow> {
  const thread = await lockThreadByUid(context.db, uid)
  if (!thread) throw notFound('No such support thread')
  return thread
}

/**
 * The reply, and the seconds the user had waited for it when it is the first answer to their messages (the
 * route observes them once the transaction committed). A resend with the same client key is the same reply, sent
 * once.
 */
export async function reply(
  context: SupportContext,
  operator: OperatorRef,
  uid: string,
  body: { text: string; clientKey?: string | undefined },
): Promise<OpsSupportMessage & { waitedSeconds?: number }> {
  const thread = await lockThread(context, uid)
  if (body.clientKey !== undefined) {
    const same = await findMessageByClientKey(context.db, thread.id, body.clientKey)
    if (same) return toOpsMessage(same)
  }
  const now = context.now()
  const message = await insertMessage(context.db, {
    threadId: thread.id,
    author: 'operator',
    operatorId: operator.id,
    text: body.text,
    via: 'console',
    clientKey: body.clientKey ?? null,
    createdAt: now,
  })
  if (!message) throw new Error('support reply not kept')
  await updateThread(context.db, thread.id, {
    status: 'waiting',
    awaitingSince: null,
    operatorReadAt: now,
    lastMessageAt: now,
  })
  await queueUserMessage(context.db, {
    kind: 'support_reply',
    params: { text: body.text },
    userId: thread.userId,
    now,
  })
  const waited =
    thread.awaitingSince === null ? undefined : (now.getTime() - thread.awaitingSince.getTime()) / 1000
  return { ...toOpsMessage(message), ...(waited === undefined ? {} : { waitedSeconds: waited }) }
}

export async function assign(
  context: SupportContext,
  uid: string,
  login: string | null,
): Promise<{ assignee: string | null }> {
  const thread = await lockThread(context, uid)
  if (login === null) {
    await updateThread(context.db, thread.id, { assigneeId: null })
    return { assignee: null }
  }
  const operator = await findOperatorByLogin(context.db, login)
  if (!operator || operator.role === 'viewer')
    throw validationError(`operator: no enabled operator or admin named ${login}`)
  await updateThread(context.db, thread.id, { assigneeId: operator.id })
  return { assignee: operator.login }
}

/** Closed, nobody waits; the user's next message opens it again. */
export async function close(context: SupportContext, uid: string): Promise<{ status: 'closed' }> {
  const thread = await lockThread(context, uid)
  await updateThread(context.db, thread.id, { status: 'closed', awaitingSince: null })
  return { status: 'closed' }
}

/** The thread's state for the audit log's `before`. */
export async function threadState(context: SupportContext, uid: string) {
  const thread = await lockThreadByUid(context.db, uid)
  return thread ? { status: thread.status, assigneeId: thread.assigneeId } : null
}
