/**
 * The channel prompt's memory, kept on the user (issue 38): when it was last shown, on any device, and a 'Join
 * Channel' the membership check has not seen yet. The mini-app asks what the server says (`prompt`), so a second
 * phone or a cleared webview does not ask again, and another user of the same phone is asked for themselves.
 */
import { CHANNEL_PROMPT_INTERVAL_SECONDS, type ChannelPromptEvent } from '@app/contract'
import { and, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { users } from '#db/schema.ts'

export type PromptMemory = { promptedAt: Date | null; joinPressedAt: Date | null }

/**
 * Whether to ask now. After 'Join Channel' it waits for the check to say joined (which forgets the press, see
 * `forgetJoinPress`); from then on it is as if never pressed: a member is not asked, and one who left is asked
 * again, at most once a day.
 */
export function shouldPrompt(memory: PromptMemory, joined: boolean, now: Date): boolean {
  if (joined || memory.joinPressedAt !== null) return false
  if (memory.promptedAt === null) return true
  return now.getTime() - memory.promptedAt.getTime() >= CHANNEL_PROMPT_INTERVAL_SECONDS * 1000
}

export async function findPromptMemory(db: Db, userId: number): Promise<PromptMemory> {
  const [row] = await db
    .select({ promptedAt: users.channelPromptedAt, joinPressedAt: users.channelJoinPressedAt })
    .from(users)
    .where(eq(users.id, userId))
  return row ?? { promptedAt: null, joinPressedAt: null }
}

/** The check said joined: a pending 'Join Channel' has done its work. */
export async function forgetJoinPress(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ channelJoinPressedAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.channelJoinPressedAt)))
}

export async function recordPromptEvent(
  db: Db,
  userId: number,
  event: ChannelPromptEvent,
  at: Date,
): Promise<void> {
  const change = event === 'shown' ? { channelPromptedAt: at } : { channelJoinPressedAt: at }
  await db.update(users).set(change).where(eq(users.id, userId))
}
