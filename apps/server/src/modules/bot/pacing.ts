/**
 * Telegram's limits within one process (docs/bot.md, 'Limits'): about `perSecond` messages a second overall, and a
 * pause of `perChatIntervalMs` between two messages to one chat (longer when a 429 said to wait). It remembers when
 * each chat may be written to next and forgets the chat once that moment has passed, so it holds only the chats
 * written to within the last interval or told to wait: the worker prunes it before each batch.
 */
export function createSendPacer(
  limits: { perSecond: number; perChatIntervalMs: number },
  clock: () => number = Date.now,
) {
  const chatReadyAt = new Map<number, number>()
  let nextGlobalSlot = 0
  return {
    /** Milliseconds to wait before sending to `chatId`; takes that send's place in the overall rate. */
    reserve(chatId: number): number {
      const nowMs = clock()
      const at = Math.max(nowMs, nextGlobalSlot, chatReadyAt.get(chatId) ?? 0)
      nextGlobalSlot = Math.max(nextGlobalSlot, nowMs) + 1000 / limits.perSecond
      return at - nowMs
    },
    /** A send to the chat ended (delivered or not); `waitMs` more when Telegram asked for a pause (429). */
    ended(chatId: number, waitMs = 0): void {
      chatReadyAt.set(chatId, clock() + waitMs + limits.perChatIntervalMs)
    },
    /** Forgets the chats whose pause is over. */
    prune(): void {
      const nowMs = clock()
      for (const [chatId, at] of chatReadyAt) if (at <= nowMs) chatReadyAt.delete(chatId)
    },
    /** How many chats it remembers (tests). */
    get size(): number {
      return chatReadyAt.size
    },
  }
}
