import * as z from 'zod/mini'
import { UidSchema } from '../common.ts'
import { SUPPORT_TEXT_MAX, SUPPORT_THREAD_STATUSES, SupportContextSchema } from '../support.ts'
import { LimitSchema } from './limit.ts'

/** The support inbox (docs/support.md): threads, their messages, the user's record beside them, saved replies. */

export const SupportThreadStatusSchema = z.enum(SUPPORT_THREAD_STATUSES)

/** `GET /ops/support/threads?status&q&mine`: newest activity first; `q` a user id, Telegram id, name, phone or text. */
export const OpsSupportThreadsQuerySchema = z.object({
  status: z.optional(z.enum([...SUPPORT_THREAD_STATUSES, 'all'])),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  mine: z.optional(z.enum(['true', 'false'])),
  limit: LimitSchema,
})
export type OpsSupportThreadsQuery = z.input<typeof OpsSupportThreadsQuerySchema>

export const OpsSupportUserSchema = z.object({
  uid: z.string(),
  telegramId: z.nullable(z.int()),
  firstName: z.string(),
  lastName: z.nullable(z.string()),
  username: z.nullable(z.string()),
  language: z.enum(['en', 'fa']),
  blocked: z.boolean(),
})

export const OpsSupportThreadSchema = z.object({
  uid: z.string(),
  status: SupportThreadStatusSchema,
  user: OpsSupportUserSchema,
  /** The user's messages no operator has opened yet. */
  unread: z.int(),
  assignee: z.nullable(z.string()),
  lastMessage: z.object({ from: z.enum(['user', 'operator']), text: z.nullable(z.string()), at: z.string() }),
  /** Since when the user waits for an answer (ISO 8601), or null when nobody waits. */
  awaitingSince: z.nullable(z.string()),
  updatedAt: z.string(),
})
export type OpsSupportThread = z.infer<typeof OpsSupportThreadSchema>
export const OpsSupportThreadListSchema = z.object({ items: z.array(OpsSupportThreadSchema) })

export const OpsSupportMessageSchema = z.object({
  uid: z.string(),
  from: z.enum(['user', 'operator']),
  /** The operator's login for their replies. */
  operator: z.nullable(z.string()),
  text: z.nullable(z.string()),
  /** GET /ops/support/photos/:uid shows it. */
  hasPhoto: z.boolean(),
  via: z.enum(['app', 'bot', 'console']),
  context: z.nullable(SupportContextSchema),
  createdAt: z.string(),
})
export type OpsSupportMessage = z.infer<typeof OpsSupportMessageSchema>

const recordRow = z.object({ uid: z.string(), label: z.string(), status: z.string(), at: z.string() })
/** The user's own record beside the thread: the latest of each, and the last errors the server answered them. */
export const OpsSupportUserRecordSchema = z.object({
  accounts: z.object({ total: z.int(), latest: z.array(recordRow) }),
  invoices: z.array(recordRow),
  transactions: z.array(recordRow),
  errors: z.array(
    z.object({
      at: z.string(),
      method: z.string(),
      route: z.string(),
      status: z.int(),
      code: z.nullable(z.string()),
      requestId: z.string(),
    }),
  ),
})
export type OpsSupportUserRecord = z.infer<typeof OpsSupportUserRecordSchema>

export const OpsSupportThreadDetailSchema = z.object({
  thread: OpsSupportThreadSchema,
  messages: z.array(OpsSupportMessageSchema),
  record: OpsSupportUserRecordSchema,
  /** Logins a thread may be assigned to (enabled operators and admins). */
  assignable: z.array(z.string()),
})
export type OpsSupportThreadDetail = z.infer<typeof OpsSupportThreadDetailSchema>

export const OpsSupportThreadParamsSchema = z.object({ uid: UidSchema })
export const OpsSupportPhotoParamsSchema = z.object({ uid: UidSchema })

export const OpsSupportReplyBodySchema = z.strictObject({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(SUPPORT_TEXT_MAX)),
  /** A retry of the same reply (a lost answer, a double click) is a no-op answering the reply already kept. */
  clientKey: z.optional(UidSchema),
})
export const OpsSupportAssignBodySchema = z.strictObject({
  /** An operator's login; null to unassign. */
  operator: z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
})

const savedText = z.string().check(z.trim(), z.minLength(1), z.maxLength(SUPPORT_TEXT_MAX))
export const OpsSavedReplyBodySchema = z.strictObject({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  en: savedText,
  fa: savedText,
})
export type OpsSavedReplyBody = z.infer<typeof OpsSavedReplyBodySchema>
export const OpsSavedReplySchema = z.object({
  uid: z.string(),
  title: z.string(),
  en: z.string(),
  fa: z.string(),
  createdAt: z.string(),
})
export type OpsSavedReply = z.infer<typeof OpsSavedReplySchema>
export const OpsSavedReplyListSchema = z.array(OpsSavedReplySchema)
export const OpsSavedReplyParamsSchema = z.object({ uid: UidSchema })
