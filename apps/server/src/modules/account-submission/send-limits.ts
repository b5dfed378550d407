/**
 * Limits on sending login codes, per phone number and per user, shared by every server process
 * (fixed-window counters in the database, updated atomically by one upsert each).
 */
import type { Db } from '#db/client.ts'
import { countInWindow, waitWhenOver } from '#db/rate-limit-counters.ts'
import { tooManyRequests } from '#lib/domain-error.ts'

export type SendLimits = { perPhone: number; perUser: number; windowSeconds: number }

/** Counts one use of `key`; answers the seconds to wait when the limit is exceeded, else 0. */
async function hit(db: Db, key: string, max: number, windowSeconds: number, now: Date): Promise<number> {
  return waitWhenOver(await countInWindow(db, key, windowSeconds, now), { max, windowSeconds }, now)
}

/** Throws 429 ACTION_WAIT_REQUIRED_ERROR (details.wait in seconds) when either limit is exceeded. */
export async function consumeCodeSend(
  db: Db,
  limits: SendLimits,
  who: { userId: number; phone: string },
  now: Date,
): Promise<void> {
  const wait = Math.max(
    await hit(db, `code-send:phone:${who.phone}`, limits.perPhone, limits.windowSeconds, now),
    await hit(db, `code-send:user:${who.userId}`, limits.perUser, limits.windowSeconds, now),
  )
  if (wait > 0) throw tooManyRequests(wait)
}
