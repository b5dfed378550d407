import * as z from 'zod/mini'

/**
 * What Telegram POSTs to the bot's webhook (`POST /bot/webhook`, docs/bot.md): an Update. Only its `update_id` is
 * checked here; grammY reads the rest, and fields this version does not know pass through.
 */
export const TelegramUpdateSchema = z.looseObject({
  update_id: z.number().check(z.int(), z.gte(0)),
})
export type TelegramUpdate = z.infer<typeof TelegramUpdateSchema>

/** The webhook's answer: Telegram only reads the status. */
export const WebhookAnswerSchema = z.object({ ok: z.boolean() })
