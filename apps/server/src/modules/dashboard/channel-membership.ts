/**
 * Seam for "has this user joined the channel?". The real check (Bot API getChatMember, base URL
 * configurable) comes with a later issue and implements the same interface.
 */
export interface ChannelMembershipChecker {
  isMember(channelUsername: string, telegramId: number): Promise<boolean>
}

/**
 * Used until the Bot API check exists: it cannot know, so it answers "not joined" and the
 * mini-app shows its join prompt whenever a channel is configured.
 */
export const settingsOnlyMembershipChecker: ChannelMembershipChecker = {
  isMember: async () => false,
}
