/** The addresses each sign-in succeeded from lately (table sign_in_addresses). */
import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { signInAddresses } from '#db/schema.ts'
import { timestamptz } from '#db/timestamp.ts'

export async function isKnownAddress(
  db: Db,
  subject: string,
  address: string,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ address: signInAddresses.address })
    .from(signInAddresses)
    .where(
      and(
        eq(signInAddresses.subject, subject),
        eq(signInAddresses.address, address),
        gt(signInAddresses.lastSuccessAt, timestamptz(since)),
      ),
    )
  return row !== undefined
}

export async function rememberAddress(db: Db, subject: string, address: string, now: Date): Promise<void> {
  await db
    .insert(signInAddresses)
    .values({ subject, address, lastSuccessAt: timestamptz(now) })
    .onConflictDoUpdate({
      target: [signInAddresses.subject, signInAddresses.address],
      set: { lastSuccessAt: timestamptz(now) },
    })
}

/** Forgets every address of a sign-in (an operator's credentials were reset). */
export async function forgetAddresses(db: Db, subject: string): Promise<void> {
  await db.delete(signInAddresses).where(eq(signInAddresses.subject, subject))
}
