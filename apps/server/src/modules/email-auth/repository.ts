/** All SQL of email and password sign-in (docs/email-auth.md). */
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { type EmailCodePurpose, emailCodes, emailIdentities, users } from '../../db/schema.ts'
import { timestamptz } from '../../db/timestamp.ts'
import type { AuthUser } from '../auth/repository.ts'

export type EmailIdentity = {
  id: number
  email: string
  /** Set once the mailbox is proven; null for a registration. */
  userId: number | null
  passwordHash: string
  /** Registered while signed in through Telegram: the user a proof joins (proven with their session only). */
  requestedByUserId: number | null
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
  requestedByUserId: emailIdentities.requestedByUserId,
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

/** The email the user signs in with (proven: only proven identities have a user). */
export async function findIdentityOfUser(db: Db, userId: number): Promise<EmailIdentity | undefined> {
  const [row] = await db
    .select(identityColumns)
    .from(emailIdentities)
    .where(eq(emailIdentities.userId, userId))
  return row
}

/** The user's registrations of other emails, not proven yet: their next registration replaces them. */
export async function deletePendingRegistrationsOf(
  db: Db,
  userId: number,
  exceptEmail: string,
): Promise<void> {
  await db
    .delete(emailIdentities)
    .where(
      and(
        eq(emailIdentities.requestedByUserId, userId),
        isNull(emailIdentities.verifiedAt),
        ne(emailIdentities.email, exceptEmail),
      ),
    )
}

/**
 * Registers the email, atomically: a new row, or a new registration in place of an unverified one, whoever
 * made it (an unverified registration binds nothing and blocks nobody). A proven email is never touched:
 * undefined then (409). Concurrent registrations of one email are applied one after the other (the conflict
 * waits for the first to commit, then re-checks the WHERE): the last one is the registration left.
 */
export async function upsertRegistration(
  db: Db,
  registration: {
    email: string
    passwordHash: string
    /** Signed in through Telegram: that user (null without a session). */
    requestedByUserId: number | null
    referrerUserId: number | null
    /** The code the gate admitted (null with a Telegram session). */
    referralLinkId: number | null
    languageCode: string
    now: Date
  },
): Promise<number | undefined> {
  const { email, now, ...registered } = registration
  const fields = { ...registered, userId: null, createdAt: timestamptz(now), updatedAt: timestamptz(now) }
  const [row] = await db
    .insert(emailIdentities)
    .values({ email, ...fields })
    .onConflictDoUpdate({
      target: emailIdentities.email,
      set: fields,
      setWhere: isNull(emailIdentities.verifiedAt),
    })
    .returning({ id: emailIdentities.id })
  return row?.id
}

/** Every code of the identity: a registration that replaces another takes none of its codes. */
export async function deleteCodes(db: Db, identityId: number): Promise<void> {
  await db.delete(emailCodes).where(eq(emailCodes.identityId, identityId))
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
    expiresAt: timestamptz(code.expiresAt),
    usedAt: null,
    createdAt: timestamptz(code.now),
  }
  const [row] = await db
    .insert(emailCodes)
    .values({ identityId: code.identityId, purpose: code.purpose, ...values })
    .onConflictDoUpdate({
      target: [emailCodes.identityId, emailCodes.purpose],
      set: values,
      setWhere: sql`${emailCodes.createdAt} <= ${timestamptz(code.cooldownCutoff)}`,
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
    .set({ usedAt: timestamptz(now), newPasswordHash: null })
    .where(eq(emailCodes.id, codeId))
}

/** The mailbox is proven: verified, and bound to its user from now on. */
export async function markIdentityProven(
  db: Db,
  identityId: number,
  change: { userId: number; now: Date },
): Promise<void> {
  await db
    .update(emailIdentities)
    .set({ userId: change.userId, verifiedAt: timestamptz(change.now), updatedAt: timestamptz(change.now) })
    .where(eq(emailIdentities.id, identityId))
}

/** A confirmed reset: the held hash becomes the password. */
export async function setPasswordHash(
  db: Db,
  identityId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .update(emailIdentities)
    .set({ passwordHash, updatedAt: timestamptz(now) })
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
