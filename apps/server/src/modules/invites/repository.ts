import type { Db } from '../../db/client.ts'
import { referralLinks } from '../../db/schema.ts'

/** Inserts a referral code; false when the code already exists. `userId` null = operator invite. */
export async function insertReferralCode(db: Db, code: string, userId: number | null): Promise<boolean> {
  const rows = await db
    .insert(referralLinks)
    .values({ code, userId })
    .onConflictDoNothing({ target: referralLinks.code })
    .returning({ id: referralLinks.id })
  return rows.length > 0
}
