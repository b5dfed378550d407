import type { Db } from '#db/client.ts'
import type { Config } from '#src/config.ts'
import { channelChatId } from '../dashboard/channel-membership.ts'
import { readSettings } from '../settings/repository.ts'
import { classifyBotError, type TelegramBot } from './client.ts'

/**
 * A readable problem when the bot cannot check the configured channel's members; undefined when it can (or no
 * channel is configured). Logged at start-up and shown by `ops settings show`; answers within `timeoutMs`.
 */
export async function channelProblem(
  deps: { db: Db; bot: TelegramBot; botToken: string; config: Pick<Config, 'bot'> },
  options: { timeoutMs?: number } = {},
): Promise<string | undefined> {
  const { bot } = deps
  const { channel_username: channel } = await readSettings(deps.db)
  if (channel === null) return undefined
  const chat = channelChatId(channel)
  const check = async () => {
    try {
      // Not bot.init(): grammY retries its getMe without end while Telegram cannot be reached.
      const me = bot.isInited() ? bot.botInfo : await bot.api.getMe()
      const member = await bot.api.getChatMember(chat, me.id)
      if (member.status === 'administrator' || member.status === 'creator') return undefined
      return `The bot @${me.username} is not an administrator of the channel ${chat} (it is '${member.status}'): make it one, or the join prompt cannot tell who joined`
    } catch (error) {
      return `The bot cannot check the channel ${chat} (${classifyBotError(error, deps.botToken).description}): add the bot to the channel as an administrator`
    }
  }
  const timeoutMs = options.timeoutMs ?? deps.config.bot.apiTimeoutSeconds * 2000
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(
      () =>
        resolve(
          `The bot cannot check the channel ${chat} (Telegram did not answer within ${timeoutMs / 1000} s): try again later`,
        ),
      timeoutMs,
    )
  })
  try {
    return await Promise.race([check(), late])
  } finally {
    clearTimeout(timer)
  }
}
