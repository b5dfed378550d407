import { ErrorResponseSchema, TelegramUpdateSchema, WebhookAnswerSchema } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Update } from 'grammy/types'
import { isDatabaseUnreachable } from '#db/outage.ts'
import { unauthorized } from '#lib/domain-error.ts'
import type { WithServices } from '#src/services.ts'

export const BOT_WEBHOOK_PATH = '/bot/webhook'

/**
 * Telegram's updates, when BOT_WEBHOOK_URL is set (docs/bot.md). The secret-token header is checked (in constant
 * time) before the body is: an unsigned update is a 401, a malformed one a 400, never a 5xx. An update handled
 * before (Telegram redelivering it, here or to another process) is answered 200 and not handled again. A handler
 * that fails is logged and the update answered 200, so that Telegram does not redeliver it forever; but while the
 * database cannot be reached nothing of the update was kept, so it is answered 503 and Telegram delivers it again.
 */
const botWebhookRoutes: FastifyPluginAsyncZod<WithServices<'bot'>> = async (app, { services: { bot } }) => {
  app.post(
    BOT_WEBHOOK_PATH,
    {
      schema: {
        body: TelegramUpdateSchema,
        response: { 200: WebhookAnswerSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
      preValidation: async (request) => {
        const header = request.headers['x-telegram-bot-api-secret-token']
        if (!bot.checkWebhookSecret(typeof header === 'string' ? header : undefined)) {
          throw unauthorized('Missing or wrong secret token')
        }
      },
    },
    async (request) => {
      try {
        await bot.handleUpdate(request.body as unknown as Update)
      } catch (error) {
        if (isDatabaseUnreachable(error)) throw error
        request.log.warn(
          { updateId: request.body.update_id, error: String((error as Error)?.name) },
          'bot update failed',
        )
      }
      return { ok: true }
    },
  )
}
export default botWebhookRoutes
