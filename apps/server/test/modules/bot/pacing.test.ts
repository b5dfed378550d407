/**
 * The bot's pacing within one process (modules/bot/pacing.ts): the pause per chat, a 429's longer pause, the overall
 * rate, and the memory of chats shrinking once their pause is over (it used to keep every chat ever written to).
 */
import { describe, expect, it } from 'vitest'
import { createSendPacer } from '#modules/bot/pacing.ts'

describe('send pacing', () => {
  it('spaces one chat by the interval and all sends by the overall rate; forgets chats whose pause is over', () => {
    let nowMs = 1_000_000
    const pacer = createSendPacer({ perSecond: 20, perChatIntervalMs: 1000 }, () => nowMs)
    expect(pacer.reserve(1)).toBe(0)
    pacer.ended(1)
    // Another chat at once: only the overall rate (1000 / 20 ms); the same chat: its interval.
    expect(pacer.reserve(2)).toBe(50)
    expect(pacer.reserve(1)).toBe(1000)
    // A 429 asking for 30 s: that chat waits it, and the interval after it.
    pacer.ended(3, 30_000)
    for (let chat = 100; chat < 1100; chat++) pacer.ended(chat)
    expect(pacer.size).toBe(1002)
    nowMs += 1001
    pacer.prune()
    expect(pacer.size).toBe(1)
    expect(pacer.reserve(3)).toBe(30_000 - 1)
    nowMs += 30_000
    pacer.prune()
    expect(pacer.size).toBe(0)
  })
})
