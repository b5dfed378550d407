/** All SQL of the email outbox (docs/email-auth.md). */
import { desc, eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { claimDueRows, type OutboxClaim, ownClaim as ownOutboxClaim } from '#db/outbox-claim.ts'
import { emailOutbox } from '#db/schema.ts'
import { timestamptz } from '#db/timestamp.ts'

/** Queues a mail; call it with the `tx` that makes what the mail is about, so both commit or neither. */
export async function insertOutboxMail(
  db: Db,
  mail: { recipient: string; kind: string; payload: string; now: Date },
): Promise<void> {
  await db.insert(emailOutbox).values({
    recipient: mail.recipient,
    kind: mail.kind,
    payload: mail.payload,
    nextAttemptAt: timestamptz(mail.now),
  })
}

export type ClaimedMail = {
  id: number
  recipient: string
  payload: string | null
  attempts: number
  claimToken: string
}
type ClaimRow = {
  id: string | number
  recipient: string
  payload: string | null
  attempts: number
  claim_token: string
}

/** Claims up to `limit` due mails for this process (`db/outbox-claim.ts`, shared with the bot's outbox). */
export async function claimDueMail(
  db: Db,
  now: Date,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedMail[]> {
  const rows = await claimDueRows<Pick<ClaimRow, 'recipient' | 'payload'>>(db, {
    table: 'email_outbox',
    now,
    limit,
    leaseSeconds,
    columns: ['recipient', 'payload'],
  })
  return rows.map((r) => ({
    id: Number(r.id),
    recipient: r.recipient,
    payload: r.payload,
    attempts: r.attempts,
    claimToken: r.claim_token,
  }))
}

const ownClaim = (mail: OutboxClaim) => ownOutboxClaim('email_outbox', mail)

/** Delivered. An SMTP delivery blanks the payload (the code is gone); the dev outbox keeps it for the simulator. */
export async function markSent(
  db: Db,
  mail: Pick<ClaimedMail, 'id' | 'claimToken'>,
  transport: 'smtp' | 'dev',
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({
      status: 'sent',
      transport,
      sentAt: timestamptz(now),
      claimedUntil: null,
      lastError: null,
      ...(transport === 'smtp' ? { payload: null } : {}),
    })
    .where(ownClaim(mail))
    .returning({ id: emailOutbox.id })
  return rows.length > 0
}

/** A failed try: back to pending at `retryAt`, or failed for good (payload blanked) after the last attempt. */
export async function markFailed(
  db: Db,
  mail: Pick<ClaimedMail, 'id' | 'claimToken'>,
  error: string,
  retryAt: Date | undefined,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set(
      retryAt
        ? { status: 'pending', nextAttemptAt: timestamptz(retryAt), claimedUntil: null, lastError: error }
        : { status: 'failed', claimedUntil: null, lastError: error, payload: null },
    )
    .where(ownClaim(mail))
}

/** The newest mails kept in the dev outbox (no SMTP_URL), for the simulator's panel. */
export async function latestDevMail(db: Db, limit: number) {
  return db
    .select({
      id: emailOutbox.id,
      recipient: emailOutbox.recipient,
      kind: emailOutbox.kind,
      payload: emailOutbox.payload,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.transport, 'dev'))
    .orderBy(desc(emailOutbox.id))
    .limit(limit)
}
