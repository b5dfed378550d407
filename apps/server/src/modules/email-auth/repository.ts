/** All SQL of email and password sign-in (docs/email-auth.md). */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { type EmailCodePurpose, emailCodes, emailIdentities, users } from '../../db/schema.ts'
import type { AuthUser } from '../auth/repository.ts'

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`

export type EmailIdentity = {
  id: number
  email: string
  userId: number | null
  passwordHash: string
  referrerUserId: number | null
  referralLinkId: number | null
  languageCode: string
  verifiedAt: Date | null
}

const identityColumns = {
  id: emailIdentities.id,
  email: emailIdentities.email,
  userId: emailIdentities.userId,
  passwordHash: emailIdentities.passwordHash,
  referrerUserId: emailIdentities.referrerUserId,
  referralLinkId: emailIdentities.referralLinkId,
  languageCode: emailIdentities.languageCode,
  verifiedAt: emailIdentities.verifiedAt,
}

export async function findIdentityByEmail(db: Db, email: string): Promise<EmailIdentity | undefined> {
  const [row] = await db.select(identityColumns).from(emailIdentities).where(eq(emailIdentities.email, email))
  return row
}

/** The identity, its row locked until the transaction ends (a code's confirmation, a new code). */
export async function lockIdentityByEmail(db: Db, email: string): Promise<EmailIdentity | undefined> {
  const [row] = await db
    .select(identityColumns)
    .from(emailIdentities)
    .where(eq(emailIdentities.email, email))
    .for('update')
  return row
}

export async function findIdentityOfUser(db: Db, userId: number): Promise<EmailIdentity | undefined> {
  const [row] = await db
    .select(identityColumns)
    .from(emailIdentities)
    .where(eq(emailIdentities.userId, userId))
  return row
}

/** Locks the user's row: one registration of a signed-in user at a time. */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}

export async function deleteIdentity(db: Db, id: number): Promise<void> {
  await db.delete(emailIdentities).where(eq(emailIdentities.id, id))
}

/**
 * Registers the email, atomically: a new row, or a takeover of an unverified registration that has held the
 * email long enough (`holdCutoff`) or that belongs to the same signed-in user. Verified emails and fresh
 * registrations of others are never touched: undefined then (409). Of two concurrent registrations of one email
 * exactly one gets a row back (the conflict waits for the first to commit, then re-checks the WHERE).
 */
export async function upsertRegistration(
  db: Db,
  registration: {
    email: string
    passwordHash: string
    userId: number | null
    referrerUserId: number | null
    /** The code the gate admitted (null with a Telegram session). */
    referralLinkId?: number | null
    languageCode: string
    now: Date
    holdCutoff: Date
  },
): Promise<number | undefined> {
  const { email, passwordHash, userId, referrerUserId, languageCode, now, holdCutoff } = registration
  const referralLinkId = registration.referralLinkId ?? null
  const sameUser = userId === null ? sql`false` : sql`${emailIdentities.userId} = ${userId}`
  // A new registration, or one that replaces an unverified one past its hold (or this user's own): the same fields.
  const fields = {
    passwordHash,
    userId,
    referrerUserId,
    referralLinkId,
    languageCode,
    createdAt: ts(now),
    updatedAt: ts(now),
  }
  const [row] = await db
    .insert(emailIdentities)
    .values({ email, ...fields })
    .onConflictDoUpdate({
      target: emailIdentities.email,
      set: fields,
      setWhere: sql`${emailIdentities.verifiedAt} is null and (${emailIdentities.createdAt} < ${ts(holdCutoff)} or ${sameUser})`,
    })
    .returning({ id: emailIdentities.id })
  return row?.id
}

export async function setIdentityLanguage(db: Db, id: number, languageCode: string): Promise<void> {
  await db.update(emailIdentities).set({ languageCode }).where(eq(emailIdentities.id, id))
}

/**
 * A new code for the identity and purpose, replacing the previous one (which stops working), unless the previous
 * one is younger than `cooldownCutoff`: then undefined and the previous code's creation time (EMAIL_FLOOD).
 */
export async function replaceCode(
  db: Db,
  code: {
    identityId: number
    purpose: EmailCodePurpose
    codeHash: string
    newPasswordHash: string | null
    now: Date
    expiresAt: Date
    cooldownCutoff: Date
  },
): Promise<{ ok: true } | { ok: false; previousAt: Date }> {
  const values = {
    codeHash: code.codeHash,
    newPasswordHash: code.newPasswordHash,
    attempts: 0,
    expiresAt: ts(code.expiresAt),
    usedAt: null,
    createdAt: ts(code.now),
  }
  const [row] = await db
    .insert(emailCodes)
    .values({ identityId: code.identityId, purpose: code.purpose, ...values })
    .onConflictDoUpdate({
      target: [emailCodes.identityId, emailCodes.purpose],
      set: values,
      setWhere: sql`${emailCodes.createdAt} <= ${ts(code.cooldownCutoff)}`,
    })
    .returning({ id: emailCodes.id })
  if (row) return { ok: true }
  const [previous] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.identityId, code.identityId), eq(emailCodes.purpose, code.purpose)))
  return { ok: false, previousAt: previous?.createdAt ?? code.now }
}

export type StoredCode = {
  id: number
  codeHash: string
  newPasswordHash: string | null
  attempts: number
  expiresAt: Date
  usedAt: Date | null
}

/** The identity's code of this purpose, locked: concurrent tries are counted one after the other. */
export async function lockCode(
  db: Db,
  identityId: number,
  purpose: EmailCodePurpose,
): Promise<StoredCode | undefined> {
  const [row] = await db
    .select({
      id: emailCodes.id,
      codeHash: emailCodes.codeHash,
      newPasswordHash: emailCodes.newPasswordHash,
      attempts: emailCodes.attempts,
      expiresAt: emailCodes.expiresAt,
      usedAt: emailCodes.usedAt,
    })
    .from(emailCodes)
    .where(and(eq(emailCodes.identityId, identityId), eq(emailCodes.purpose, purpose)))
    .for('update')
  return row
}

export async function recordWrongTry(db: Db, codeId: number): Promise<void> {
  await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.id, codeId))
}

/** Spent: single use. The held password hash goes too. */
export async function markCodeUsed(db: Db, codeId: number, now: Date): Promise<void> {
  await db
    .update(emailCodes)
    .set({ usedAt: ts(now), newPasswordHash: null })
    .where(eq(emailCodes.id, codeId))
}

/** The mailbox is proven: verified (once), bound to the user, with the new password of a reset. */
export async function markIdentityProven(
  db: Db,
  identityId: number,
  change: { userId: number; passwordHash?: string | undefined; now: Date },
): Promise<void> {
  await db
    .update(emailIdentities)
    .set({
      userId: change.userId,
      verifiedAt: sql`coalesce(${emailIdentities.verifiedAt}, ${ts(change.now)})`,
      updatedAt: ts(change.now),
      ...(change.passwordHash ? { passwordHash: change.passwordHash } : {}),
    })
    .where(eq(emailIdentities.id, identityId))
}

/** A user who joined by email: no Telegram id, the referrer the gate admitted, the operators' default flags. */
export async function createEmailUser(
  db: Db,
  user: {
    referrerUserId: number | null
    referralLinkId?: number | null
    languageCode: string
    flags: { canReferrer: boolean; canAddAccount: boolean; canRegisterAccount: boolean }
  },
): Promise<AuthUser> {
  const [row] = await db
    .insert(users)
    .values({
      referrerUserId: user.referrerUserId,
      referralLinkId: user.referralLinkId ?? null,
      languageCode: user.languageCode,
      ...user.flags,
    })
    .returning({ id: users.id, uid: users.uid, telegramId: users.telegramId })
  if (!row) throw new Error('user insert returned nothing')
  return row
}
