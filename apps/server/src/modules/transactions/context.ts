/**
 * What every use case of transactions runs on (docs/transactions.md): the database, the clock, the chain's readers
 * and config, bound once by `createTransactionService` (service.ts).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '#db/client.ts'
import type { CursorCodec } from '#lib/cursor.ts'
import type { ChainReaders } from '#providers/chain/readers.ts'
import type { ChainConfig, Config } from '#src/config.ts'

export type TransactionServiceDeps = {
  db: Db
  now: () => Date
  cursors: CursorCodec
  /** The operators' chat the bot tells of new payment requests (docs/bot.md); the chain check's rules. */
  config?:
    | {
        bot: Pick<Config['bot'], 'opsChatId'>
        chain?: ChainConfig | undefined
        /** The window of a transaction's value in USDT (valueInUsdt): FOUR_EYES_DELAY_SECONDS, a day by default. */
        operators?: Pick<Config['operators'], 'fourEyesDelaySeconds'> | undefined
      }
    | undefined
  /** The chain check's readers (docs/transactions.md, 'Chain check'); none: TRX and USDT are recorded unverified. */
  chainReaders?: ChainReaders | undefined
  /** Wakes the bot's outbox worker once a change that queued a message committed (services.ts). */
  messageQueued?: (() => void) | undefined
  /** The background chain check says what it did and when an endpoint failed. */
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> | undefined
}

export type TransactionsContext = TransactionServiceDeps & {
  /** This process's name on the background chain check's lease (recheck.ts). */
  holder: string
}

/** The chain check's config, when there is one. */
export const chainOf = (ctx: TransactionsContext) => ctx.config?.chain
