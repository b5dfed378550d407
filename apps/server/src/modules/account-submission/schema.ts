/**
 * Submission flows in progress (docs/accounts.md). Part of the one schema: db/schema.ts re-exports it, and
 * drizzle-kit reads it there.
 */
import type { CodeType, SubmitType } from '@app/contract'
import { sql } from 'drizzle-orm'
import { bigint, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '#db/columns.ts'
import { users } from '../users/schema.ts'

/** Which flow a submission is: login (submit-account-*) or sign-up (auth/*). */
export type FlowPurpose = 'login' | 'signup'
/**
 * code_sent: waiting for the login code; email_required: a login email must be chosen;
 * email_code_sent: waiting for the email code; password_required: waiting for the 2FA password;
 * ready: the provider accepted the login, submit-account may create the account.
 */
export type FlowState = 'code_sent' | 'email_required' | 'email_code_sent' | 'password_required' | 'ready'

/**
 * In-progress account submissions (login) and sign-ups, so any server process can continue one.
 * Codes and passwords are never stored: the provider checks them.
 */
export const submissionFlows = pgTable(
  'submission_flows',
  {
    /** The flow's id; sign-up calls it sessionId. */
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** 'login' (submit-account-*) or 'signup' (auth/*): one active flow of each per user. */
    purpose: text('purpose').$type<FlowPurpose>().notNull(),
    submitType: text('submit_type').$type<SubmitType>().notNull(),
    phone: text('phone').notNull(),
    country: text('country').notNull(),
    /** The provider's handle for its side of the flow (opaque to us). */
    providerSession: text('provider_session').notNull(),
    state: text('state').$type<FlowState>().notNull(),
    codeType: text('code_type').$type<CodeType>().notNull(),
    nextType: text('next_type').$type<CodeType>(),
    codeLength: integer('code_length'),
    timeoutSeconds: integer('timeout_seconds'),
    email: text('email'),
    emailCodeLength: integer('email_code_length'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('submission_flows_user_purpose_unique').on(t.userId, t.purpose)],
)
