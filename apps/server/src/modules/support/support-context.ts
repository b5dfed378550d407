/**
 * What support's use cases share (docs/support.md): the database, the clock, the Bot API for photos, the operators'
 * chat and the console's address for its notices, and the time-to-first-reply histogram.
 */
import type { Api } from 'grammy'
import { Histogram } from 'prom-client'
import type { Db } from '#db/client.ts'

export type SupportDeps = {
  db: Db
  now: () => Date
  botToken: string
  botApiRoot: string
  bot: { api: Pick<Api, 'sendPhoto' | 'getFile'> }
  config: {
    appOrigins: string[]
    bot: { opsChatId: number | undefined; supportUnansweredSeconds: number; apiTimeoutSeconds: number }
  }
  /** The bot's outbox worker may look (a reply or a notice was queued and committed). */
  messageQueued?: (() => void) | undefined
}

export type SupportContext = SupportDeps & {
  /** Seconds from a user's first unanswered message to an operator's reply; exposed on /metrics. */
  firstReply: Histogram
}

/** Buckets from a minute to a day: what a support team's targets are written in. */
const FIRST_REPLY_BUCKETS = [60, 300, 900, 1800, 3600, 7200, 14400, 28800, 86400]

export function createSupportContext(deps: SupportDeps): SupportContext {
  return {
    ...deps,
    firstReply: new Histogram({
      name: 'app_support_first_reply_seconds',
      help: "Seconds from a user's first unanswered support message to an operator's reply",
      buckets: FIRST_REPLY_BUCKETS,
      registers: [],
    }),
  }
}

/** The console's page of a thread, for the operators' chat. */
export function consoleThreadLink(appOrigins: string[], threadUid: string): string {
  return `${appOrigins[0] ?? ''}/console/support/${threadUid}`
}
