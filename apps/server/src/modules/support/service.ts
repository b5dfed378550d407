/**
 * Support (docs/support.md): plain use-case functions over one small context, bound once here.
 */
import { bindContext } from '#lib/bind-context.ts'
import { queueUnansweredAlerts } from './alerts.ts'
import { listInbox, markOperatorRead, threadDetail } from './inbox.ts'
import { supportMetrics } from './metrics.ts'
import { assign, close, reply, threadState } from './operator-actions.ts'
import { insertUserError } from './repository.ts'
import { removeSavedReply, savedReplies, saveReply } from './saved-replies.ts'
import { createSupportContext, type SupportDeps } from './support-context.ts'
import { photoOf, userById, userByInitData } from './support-user.ts'
import { markUserRead, readThread, sendMessage } from './user-thread.ts'

export function createSupportService(deps: SupportDeps & { config: { authMaxAgeSeconds: number } }) {
  const context = createSupportContext(deps)
  return {
    ...bindContext(context, {
      readThread,
      markUserRead,
      sendMessage,
      listInbox,
      threadDetail,
      markOperatorRead,
      reply,
      assign,
      close,
      threadState,
      savedReplies,
      saveReply,
      removeSavedReply,
      userById,
      photoOf,
    }),
    userByInitData: (initData: string) =>
      userByInitData({ ...context, authMaxAgeSeconds: deps.config.authMaxAgeSeconds }, initData),
    /** A reply's wait, observed once its transaction committed. */
    noteFirstReply(waitedSeconds: number | undefined): void {
      if (waitedSeconds !== undefined) context.firstReply.observe(waitedSeconds)
    },
    metrics: () => supportMetrics(context),
    queueUnansweredAlerts: () =>
      queueUnansweredAlerts(
        context.db,
        {
          opsChatId: deps.config.bot.opsChatId,
          appOrigins: deps.config.appOrigins,
          unansweredSeconds: deps.config.bot.supportUnansweredSeconds,
        },
        context.now(),
      ),
    /** A signed-in user met an error answer: kept among their last few for the operator (support_user_errors). */
    recordUserError: (row: Parameters<typeof insertUserError>[1]) => insertUserError(context.db, row),
  }
}
