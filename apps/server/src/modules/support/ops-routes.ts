/**
 * The support inbox for operators (docs/support.md): viewers read (and opening a thread marks it seen); operators
 * and admins reply, assign, close and keep saved replies, each change written to the audit log in its transaction.
 */
import { opsSupportCalls } from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const supportOpsRoutes: FastifyPluginAsyncZod<WithServices<'support' | 'audit'>> = async (
  app,
  { services: { support, audit } },
) => {
  const about = (action: string, objectId: string | null, objectType = 'support_thread') => ({
    action,
    objectType,
    objectId,
  })

  route(app, opsSupportCalls.threads, async (request) =>
    support.listInbox(request.query, request.operator.id),
  )

  route(app, opsSupportCalls.thread, async (request) => support.threadDetail(request.params.uid))

  route(app, opsSupportCalls.markRead, async (request) => support.markOperatorRead(request.params.uid))

  route(app, opsSupportCalls.reply, async (request, reply) => {
    const { uid } = request.params
    const { waitedSeconds, ...message } = await audit.record(
      request.operator,
      about('support.reply', uid),
      (s) => s.support.reply(request.operator, uid, request.body),
    )
    support.noteFirstReply(waitedSeconds)
    return reply.code(201).send(message)
  })

  route(app, opsSupportCalls.assign, async (request) =>
    audit.record(
      request.operator,
      {
        ...about('support.assign', request.params.uid),
        before: (s) => s.support.threadState(request.params.uid),
      },
      (s) => s.support.assign(request.params.uid, request.body.operator),
    ),
  )

  route(app, opsSupportCalls.close, async (request) =>
    audit.record(
      request.operator,
      {
        ...about('support.close', request.params.uid),
        before: (s) => s.support.threadState(request.params.uid),
      },
      (s) => s.support.close(request.params.uid),
    ),
  )

  route(app, opsSupportCalls.photo, async (request, reply) => {
    const photo = await support.photoOf(request.params.uid)
    // Bytes past the serializer; private: an operator's browser may keep it, no shared cache.
    return reply
      .header('content-type', photo.type)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(photo.bytes as unknown as string)
  })

  route(app, opsSupportCalls.savedReplies, async () => support.savedReplies())

  route(app, opsSupportCalls.saveReply, async (request, reply) => {
    const saved = await audit.record(
      request.operator,
      about('support.saved_reply.add', null, 'support_saved_reply'),
      (s) => s.support.saveReply(request.body),
    )
    return reply.code(201).send(saved)
  })

  route(app, opsSupportCalls.removeSavedReply, async (request) =>
    audit.record(
      request.operator,
      about('support.saved_reply.remove', request.params.uid, 'support_saved_reply'),
      (s) => s.support.removeSavedReply(request.params.uid),
    ),
  )
}
export default supportOpsRoutes
