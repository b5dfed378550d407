import * as z from 'zod/mini'
import { EpochSecondsSchema, UidSchema } from './common.ts'

/**
 * Support (docs/support.md): one conversation per user, written in the mini-app or to the bot, answered by
 * operators in the console. Text is plain text everywhere: no HTML, no Markdown.
 */

/** A message's text: what fits one Telegram message with room to spare. */
export const SUPPORT_TEXT_MAX = 2000
/** Messages a user may write in the mini-app per rolling hour (the bot's are always kept: Telegram delivered them). */
export const SUPPORT_MESSAGES_PER_HOUR = 30
/** A photo's size, before base64. */
export const SUPPORT_PHOTO_MAX_BYTES = 5 * 1024 * 1024
export const SUPPORT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export type SupportPhotoType = (typeof SUPPORT_PHOTO_TYPES)[number]
/** Base64 of SUPPORT_PHOTO_MAX_BYTES, with a little room: a larger string is refused before it is decoded. */
export const SUPPORT_PHOTO_BASE64_MAX = Math.ceil(SUPPORT_PHOTO_MAX_BYTES / 3) * 4 + 1024
/** The body limit of the call that carries a photo. */
export const SUPPORT_MESSAGE_BODY_LIMIT = SUPPORT_PHOTO_BASE64_MAX + 16 * 1024

export const SUPPORT_THREAD_STATUSES = ['open', 'waiting', 'closed'] as const
/** open: the user waits for an operator; waiting: for the user; closed: done (the user's next message reopens it). */
export type SupportThreadStatus = (typeof SUPPORT_THREAD_STATUSES)[number]

const short = (max: number) => z.string().check(z.trim(), z.maxLength(max))

/**
 * Where a message started from an error: the screen, the error's code and status, the request id, and the invoice
 * or transaction it was about. Shown to the operator beside the message.
 */
export const SupportContextSchema = z.strictObject({
  screen: short(200),
  errorCode: z.optional(short(64)),
  status: z.optional(z.int().check(z.gte(0), z.lte(999))),
  requestId: z.optional(short(100)),
  invoiceUid: z.optional(UidSchema),
  transactionUid: z.optional(UidSchema),
})
export type SupportContext = z.infer<typeof SupportContextSchema>

export const SupportPhotoUploadSchema = z.strictObject({
  type: z.string().check(z.maxLength(100)),
  /** The file's bytes in base64. */
  data: z.string().check(z.minLength(1), z.maxLength(SUPPORT_PHOTO_BASE64_MAX)),
})

/**
 * POST /support/messages: text, a photo, or both (the text is then its caption). `clientKey` makes a resend of the
 * same message (a lost answer, a double tap) a no-op that answers the message already kept.
 */
export const SendSupportMessageBodySchema = z
  .strictObject({
    text: z.optional(
      z.string().check(z.trim(), z.maxLength(SUPPORT_TEXT_MAX, 'validation.supportTextTooLong')),
    ),
    photo: z.optional(SupportPhotoUploadSchema),
    context: z.optional(SupportContextSchema),
    clientKey: z.optional(UidSchema),
  })
  .check(
    z.refine((body) => (body.text ?? '') !== '' || body.photo !== undefined, {
      error: 'validation.supportMessageEmpty',
    }),
  )
export type SendSupportMessageBody = z.input<typeof SendSupportMessageBodySchema>

/**
 * A message as the user sees it. `state` of the user's own: `sent`, `seen` (a person opened the conversation
 * after it) or `replied` (an operator wrote after it). Operators' messages carry no names.
 */
export const SupportMessageSchema = z.object({
  uid: UidSchema,
  from: z.enum(['user', 'operator']),
  text: z.nullable(z.string()),
  hasPhoto: z.boolean(),
  via: z.enum(['app', 'bot', 'console']),
  createdAt: EpochSecondsSchema,
  state: z.nullable(z.enum(['sent', 'seen', 'replied'])),
})
export type SupportMessage = z.infer<typeof SupportMessageSchema>

/** GET /support/thread: the user's conversation, oldest first (the last SUPPORT_THREAD_PAGE messages). */
export const SupportThreadSchema = z.object({
  status: z.nullable(z.enum(SUPPORT_THREAD_STATUSES)),
  messages: z.array(SupportMessageSchema),
  /** Operators' replies the user has not opened yet. */
  unread: z.int().check(z.nonnegative()),
})
export type SupportThread = z.infer<typeof SupportThreadSchema>
export const SUPPORT_THREAD_PAGE = 200
