/**
 * What a user writes to the bot that is no command (text, a photo with or without a caption) joins their thread
 * (docs/support.md), in the transaction that records the update, so a redelivered update adds nothing. The user is
 * told once per turn that it reached support: when the thread was not already waiting for an operator.
 */
import { languageFromTelegram } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { users } from '#db/schema.ts'
import { queueChatMessage } from '../bot-outbox/queue.ts'
import { type NoticeConfig, recordUserMessage } from './record-message.ts'

export type FromBot = {
  telegramId: number
  chatId: number
  text: string | null
  /** The largest size's file id of a photo. */
  photoFileId: string | null
  languageCode: string | undefined
}

/** False for someone who is not a user of ours (they get the bot's usual answer). */
export async function recordBotMessage(
  tx: Db,
  config: NoticeConfig,
  now: Date,
  from: FromBot,
): Promise<boolean> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.telegramId, from.telegramId))
  if (!user) return false
  const recorded = await recordUserMessage(tx, config, now, {
    userId: user.id,
    text: from.text,
    photoFileId: from.photoFileId,
    via: 'bot',
    context: null,
    clientKey: null,
  })
  if (recorded.previous !== 'open') {
    await queueChatMessage(tx, {
      chatId: from.chatId,
      kind: 'support_received',
      language: languageFromTelegram(from.languageCode),
      params: {},
      now,
    })
  }
  return true
}
