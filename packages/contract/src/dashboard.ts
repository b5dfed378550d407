import * as z from 'zod/mini'
import { UsdtAmountSchema } from './common.ts'

const CountSchema = z.int().check(z.nonnegative())

/** The dashboard counts unseen news up to this many, so the count stays cheap; the badge shows '99+' from 100. */
export const NEWS_UNSEEN_CAP = 100

export const DashboardSchema = z.object({
  order: z.object({ isOpen: z.boolean() }),
  user: z.object({
    canAddAccount: z.boolean(),
    canRegisterAccount: z.boolean(),
    canReferrer: z.boolean(),
    /** Telegram id of the user who referred this one; null for users admitted by an operator's invite. */
    referrerTelegramId: z.nullable(z.int()),
    /** The user's verified sign-in email, if any: outside Telegram the user card shows it (no init data there). */
    email: z.nullable(z.string()),
    /**
     * The country the phone screens start on (ISO alpha-2): the one the user last picked, else their language's
     * (IR for Persian); null: none, a number then needs its country code.
     */
    phoneCountry: z.nullable(z.string()),
  }),
  invoice: z.object({
    isPaymentOpen: z.boolean(),
    isPaymentOpenIrt: z.boolean(),
    /** True when the user may create an invoice now (nothing pending, limits respected). */
    isPaymentAvailable: z.boolean(),
    /** Available balance in USDT. */
    paymentAvailable: UsdtAmountSchema,
    /** The same balance formatted with 2 decimals. */
    paymentAvailableF: z.string(),
    minPaymentLimit: UsdtAmountSchema,
    maxPaymentLimit: UsdtAmountSchema,
  }),
  account: z.object({ count: CountSchema }),
  referralsCount: CountSchema,
  /** News published after what the user last saw (POST /news/seen), counted up to NEWS_UNSEEN_CAP. */
  news: z.object({ unseenCount: CountSchema }),
  /** Operators' support replies the user has not read: `GET /support/thread`'s `unread`. */
  supportUnread: CountSchema,
})
export type Dashboard = z.infer<typeof DashboardSchema>

/** The channel prompt asks a user at most this often, on whichever device (issue 38). */
export const CHANNEL_PROMPT_INTERVAL_SECONDS = 24 * 60 * 60

export const ChannelStatusSchema = z.object({
  /** Without a leading `@`; null when no channel is configured (then the prompt is not shown). */
  channelUsername: z.nullable(z.string()),
  isUserJoined: z.boolean(),
  /**
   * Whether to ask now, as the server remembers it for the user (not the device): a channel, the user not in it,
   * not asked within CHANNEL_PROMPT_INTERVAL_SECONDS, and no 'Join Channel' that the check has not seen yet.
   */
  prompt: z.boolean(),
})
export type ChannelStatus = z.infer<typeof ChannelStatusSchema>

/** What the mini-app tells the server about the prompt: it was shown, or 'Join Channel' was pressed. */
export const ChannelPromptBodySchema = z.object({ event: z.enum(['shown', 'join']) })
export type ChannelPromptEvent = z.infer<typeof ChannelPromptBodySchema>['event']
