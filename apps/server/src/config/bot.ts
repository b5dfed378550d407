/**
 * The Telegram bot (docs/bot.md): its token and username (the referral links' parts), the Bot API's root or the
 * in-process fake, webhook or long polling, the operators' chat, and the outbox that sends its messages.
 */
import * as z from 'zod/mini'
import { booleanFlag, type OutboxConfig, optionalString, requireHttpUrls, wholeNumber } from './env.ts'

export const BotEnv = z.object({
  TELEGRAM_BOT_TOKEN: optionalString,
  /** The bot's username (without @) and the mini-app's short name: the referral link's parts. */
  TELEGRAM_BOT_USERNAME: z.optional(z.string().check(z.regex(/^@?[A-Za-z][A-Za-z0-9_]{3,31}$/))),
  MINI_APP_SHORT_NAME: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_]{3,30}$/))),
  /** The Bot API's root URL (docs/bot.md); unset: Telegram's, or the in-process fake in development. */
  TELEGRAM_API_ROOT: optionalString,
  /** Set: updates arrive at `<this URL>` (POST /bot/webhook behind it), registered at start-up; unset: long polling. */
  BOT_WEBHOOK_URL: optionalString,
  /** The webhook's secret token (1-256 of A-Z a-z 0-9 _ -); unset: derived from the bot token. */
  BOT_WEBHOOK_SECRET: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,256}$/))),
  /** The operators' chat: new invoices, payout requests, payouts long in review. */
  OPS_CHAT_ID: z.optional(z.coerce.number().check(z.int())),
  /** A support thread whose user has waited this many minutes is reported once to the operators' chat. */
  SUPPORT_UNANSWERED_MINUTES: wholeNumber(60, z.positive()),
  /** Long polling for updates when no webhook is set (one process at a time holds the lease). */
  BOT_POLLING: z.optional(booleanFlag),
  /** How often each process looks for bot messages to send (bot outbox); 0 turns the worker off. */
  BOT_OUTBOX_POLL_MS: wholeNumber(1000, z.gte(0)),
  /** The wait after a bot message's first failed try, doubling after each next one (at most 10 minutes). */
  BOT_RETRY_BASE_MS: wholeNumber(5000, z.positive()),
  /** A user's accounts accepted within this many seconds of the first make one bot message (0: no wait). */
  BOT_GROUP_SECONDS: wholeNumber(60, z.gte(0), z.lte(3600)),
  /** Start the fake Bot API in-process (default: in development without a real bot token or API root). */
  FAKE_BOT_API: z.optional(booleanFlag),
})

export type BotConfig = {
  /** Bot API root; undefined with `fakeApi` (the in-process fake's address is known only once it listens). */
  apiRoot: string | undefined
  /** Start the fake Bot API in-process (development without a real token); never in production. */
  fakeApi: boolean
  webhookUrl: string | undefined
  /** Undefined: derived from the bot token (context.ts). */
  webhookSecret: string | undefined
  opsChatId: number | undefined
  /** Long polling when there is no webhook. */
  polling: boolean
  /** Seconds a Bot API call may take before it counts as failed. */
  apiTimeoutSeconds: number
  /** Seconds a getChatMember answer is reused per user; a failed check is reused for `failureCacheSeconds`. */
  membershipCacheSeconds: number
  failureCacheSeconds: number
  /** A payout in review longer than this is reported once to the operators' chat. */
  reviewAlertSeconds: number
  /** A support thread unanswered longer than this is reported once to the operators' chat (docs/support.md). */
  supportUnansweredSeconds: number
  /** The polling lease: how long a claim lasts without renewal, and the getUpdates long-poll wait. */
  pollingLeaseSeconds: number
  pollingTimeoutSeconds: number
  outbox: OutboxConfig & {
    /** Telegram's limits: about 30 messages a second overall, 1 a second per chat. */
    perSecond: number
    perChatIntervalMs: number
    /**
     * An acceptance waits this long for the user's next ones: those accepted meanwhile go in its message, with their
     * count and amount (docs/bot.md, 'Acceptances together').
     */
    groupSeconds: number
  }
}

export type BotPart = {
  telegramBotToken: string | undefined
  /** Referral links: `https://t.me/<botUsername>[/<miniAppShortName>]?startapp=<code>`. */
  referralLink: { botUsername: string; miniAppShortName: string | undefined }
  /** The Telegram bot: API root, updates, the outbox, the channel check (docs/bot.md). */
  bot: BotConfig
}

export function botPart(e: z.infer<typeof BotEnv>, isProduction: boolean): BotPart {
  requireHttpUrls({ TELEGRAM_API_ROOT: e.TELEGRAM_API_ROOT, BOT_WEBHOOK_URL: e.BOT_WEBHOOK_URL })
  const fakeBotApi =
    !isProduction &&
    (e.FAKE_BOT_API ?? (e.TELEGRAM_BOT_TOKEN === undefined && e.TELEGRAM_API_ROOT === undefined))
  return {
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    referralLink: {
      // A demo value so links read right before a bot exists; production sets its own.
      botUsername: (e.TELEGRAM_BOT_USERNAME ?? 'AccountSupplyDemoBot').replace(/^@/, ''),
      miniAppShortName: e.MINI_APP_SHORT_NAME,
    },
    bot: {
      apiRoot: fakeBotApi
        ? undefined
        : (e.TELEGRAM_API_ROOT ?? 'https://api.telegram.org').replace(/\/+$/, ''),
      fakeApi: fakeBotApi,
      webhookUrl: e.BOT_WEBHOOK_URL,
      webhookSecret: e.BOT_WEBHOOK_SECRET,
      opsChatId: e.OPS_CHAT_ID,
      polling: e.BOT_POLLING ?? true,
      apiTimeoutSeconds: 10,
      membershipCacheSeconds: 60,
      failureCacheSeconds: 15,
      reviewAlertSeconds: 24 * 3600,
      supportUnansweredSeconds: e.SUPPORT_UNANSWERED_MINUTES * 60,
      pollingLeaseSeconds: 30,
      // A quiet long poll is answered after this long; it must end well inside apiTimeoutSeconds, the client's
      // limit per call, or the client cuts it (both were 10: about half the quiet polls failed as network errors).
      pollingTimeoutSeconds: 5,
      outbox: {
        pollMs: e.BOT_OUTBOX_POLL_MS,
        batchSize: 30,
        maxAttempts: 6,
        backoffBaseMs: e.BOT_RETRY_BASE_MS,
        backoffMaxMs: 600_000,
        leaseSeconds: 120,
        perSecond: 30,
        perChatIntervalMs: 1000,
        groupSeconds: e.BOT_GROUP_SECONDS,
      },
    },
  }
}
