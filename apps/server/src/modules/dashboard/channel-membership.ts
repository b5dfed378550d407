/**
 * "Has this user joined the channel?" (docs/bot.md): the Bot API's getChatMember, each answer kept briefly per
 * user. Member, administrator, creator, and restricted with `is_member` count as joined; left and kicked do not.
 * When the Bot API cannot answer (an error, a timeout, the bot not in the channel) the user counts as joined:
 * the prompt is a nicety, and nagging someone who may well be a member because Telegram failed is worse than
 * missing one prompt. A failed check is kept for a shorter time, so the next launch after it asks again.
 */
export interface ChannelMembershipChecker {
  isMember(channelUsername: string, telegramId: number): Promise<boolean>
}

/** The part of grammY's `Api` the check uses. */
export type ChatMemberApi = {
  getChatMember(chatId: string, userId: number): Promise<{ status: string; is_member?: boolean }>
}

function isJoinedStatus(member: { status: string; is_member?: boolean }): boolean {
  switch (member.status) {
    case 'creator':
    case 'administrator':
    case 'member':
      return true
    case 'restricted':
      return member.is_member === true
    default:
      return false
  }
}

export const channelChatId = (channelUsername: string) => `@${channelUsername.replace(/^@/, '')}`

const MAX_CACHED = 10_000

export function createBotApiMembershipChecker(options: {
  api: ChatMemberApi
  now: () => Date
  cacheSeconds: number
  failureCacheSeconds: number
  onFailure?: (error: unknown) => void
}): ChannelMembershipChecker & { forget(telegramId?: number): void } {
  const cache = new Map<string, { joined: boolean; until: number }>()
  return {
    async isMember(channelUsername, telegramId) {
      const key = `${channelUsername.toLowerCase()}:${telegramId}`
      const nowMs = options.now().getTime()
      const hit = cache.get(key)
      if (hit && hit.until > nowMs) return hit.joined
      let joined: boolean
      let seconds = options.cacheSeconds
      try {
        joined = isJoinedStatus(await options.api.getChatMember(channelChatId(channelUsername), telegramId))
      } catch (error) {
        options.onFailure?.(error)
        joined = true
        seconds = options.failureCacheSeconds
      }
      cache.delete(key)
      if (cache.size >= MAX_CACHED) {
        const oldest = cache.keys().next().value
        if (oldest !== undefined) cache.delete(oldest)
      }
      cache.set(key, { joined, until: nowMs + seconds * 1000 })
      return joined
    },
    forget(telegramId) {
      if (telegramId === undefined) cache.clear()
      else for (const key of cache.keys()) if (key.endsWith(`:${telegramId}`)) cache.delete(key)
    },
  }
}
