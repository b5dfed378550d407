/** All SQL of email and password sign-in (docs/email-auth.md). */
import { and, desc, eq, gt, isNotNull, lte, ne, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { type EmailCodePurpose, emailCodes, emailIdentities, emailRegistrations, users } from '#db/schema.ts'
import { timestamptz } from '#db/timestamp.ts'
import type { AuthUser } from '../auth/repository.ts'

export type EmailIdentity = {
  id: number
  email: string
  /** Set once the mailbox is proven; null while people wait for its code. */
  userId: number | null
  /** The owner's password: null until the mailbox is proven. */
  passwordHash: string | null
  languageCode: string
  verifiedAt: Date | null
}

const identityColumns = {
  id: emailIdentities.id,
  email: emailIdentities.email,
  userId: emailIdentities.userId,
  passwordHash: emailIdentities.passwordHash,
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

/** The email's identity (the mailbox), made on its first registration, locked until the transaction ends. */
export async function lockOrCreateIdentity(
  db: Db,
  email: string,
  languageCode: string,
): Promise<EmailIdentity> {
  await db.insert(emailIdentities).values({ email, languageCode }).onConflictDoNothing()
  const identity = await lockIdentityByEmail(db, email)
  if (!identity) throw new Error('email identity insert left no row')
  return identity
}

/** The email the user signs in with (proven: only proven identities have a user). */
export async function findIdentityOfUser(db: Db, userId: number): Promise<EmailIdentity | undefined> {
  const [row] = await db
    .select(identityColumns)
    .from(emailIdentities)
    .where(eq(emailIdentities.userId, userId))
  return row
}

export type EmailRegistration = {
  id: number
  passwordHash: string
  /** Registered while signed in through Telegram: the user a proof joins (proven with their session only). */
  requestedByUserId: number | null
  referrerUserId: number | null
  referralLinkId: number | null
  languageCode: string
}

const registrationColumns = {
  id: emailRegistrations.id,
  passwordHash: emailRegistrations.passwordHash,
  requestedByUserId: emailRegistrations.requestedByUserId,
  referrerUserId: emailRegistrations.referrerUserId,
  referralLinkId: emailRegistrations.referralLinkId,
  languageCode: emailRegistrations.languageCode,
}

/** The identity's registrations made after `since` (the older ones are over), newest first. */
export function liveRegistrations(db: Db, identityId: number, since: Date): Promise<EmailRegistration[]> {
  return db
    .select(registrationColumns)
    .from(emailRegistrations)
    .where(
      and(
        eq(emailRegistrations.identityId, identityId),
        gt(emailRegistrations.createdAt, timestamptz(since)),
      ),
    )
    .orderBy(desc(emailRegistrations.id))
}

/**
 * Records a registration. A signed-in user has one per email (their new one replaces it) and none of another
 * email (their registrations of other emails give way); one made without a session is a person of its own and
 * replaces nobody's.
 */
export async function saveRegistration(
  db: Db,
  registration: Omit<EmailRegistration, 'id'> & { identityId: number; now: Date },
): Promise<void> {
  const { now, ...fields } = registration
  const values = { ...fields, createdAt: timestamptz(now) }
  if (fields.requestedByUserId === null) {
    await db.insert(emailRegistrations).values(values)
    return
  }
  await db
    .delete(emailRegistrations)
    .where(
      and(
        eq(emailRegistrations.requestedByUserId, fields.requestedByUserId),
        ne(emailRegistrations.identityId, fields.identityId),
      ),
    )
  await db
    .insert(emailRegistrations)
    .values(values)
    .onConflictDoUpdate({
      target: [emailRegistrations.identityId, emailRegistrations.requestedByUserId],
      targetWhere: isNotNull(emailRegistrations.requestedByUserId),
      set: values,
    })
}

/** The identity's registrations that are over (made before `before`). */
export async function deleteRegistrationsBefore(db: Db, identityId: number, before: Date): Promise<void> {
  await db
    .delete(emailRegistrations)
    .where(
      and(
        eq(emailRegistrations.identityId, identityId),
        lte(emailRegistrations.createdAt, timestamptz(before)),
      ),
    )
}

export async function setIdentityLanguage(db: Db, id: number, languageCode: string): Promise<void> {
  await db.update(emailIdentities).set({ languageCode }).where(eq(emailIdentities.id, id))
}

/** A new code for the identity and purpose, replacing the previous one (which stops working). */
export async function replaceCode(
  db: Db,
  code: {
    identityId: number
    purpose: EmailCodePurpose
    codeHash: string
    newPasswordHash: string | null
    now: Date
    expiresAt: Date
  },
): Promise<void> {
  const values = {
    codeHash: code.codeHash,
    newPasswordHash: code.newPasswordHash,
    attempts: 0,
    expiresAt: timestamptz(code.expiresAt),
    usedAt: null,
    createdAt: timestamptz(code.now),
  }
  await db
    .insert(emailCodes)
    .values({ identityId: code.identityId, purpose: code.purpose, ...values })
    .onConflictDoUpdate({ target: [emailCodes.identityId, emailCodes.purpose], set: values })
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

/**
 * The mailbox is proven, for `registration`: verified, bound to its user from now on, with that registration's
 * password; every registration of the email is over.
 */
export async function markIdentityProven(
  db: Db,
  identityId: number,
  change: { userId: number; passwordHash: string; now: Date },
): Promise<void> {
  await db
    .update(emailIdentities)
    .set({
      userId: change.userId,
      passwordHash: change.passwordHash,
      verifiedAt: timestamptz(change.now),
      updatedAt: timestamptz(change.now),
    })
    .where(eq(emailIdentities.id, identityId))
  await db.delete(emailRegistrations).where(eq(emailRegistrations.identityId, identityId))
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
