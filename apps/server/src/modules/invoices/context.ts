/**
 * What every use case of invoices runs on (docs/transactions.md): the database, the clock, the cursors and the config,
 * bound once by `createInvoiceService` (service.ts).
 */

import type { Db } from '#db/client.ts'
import type { CursorCodec } from '#lib/cursor.ts'
import type { Config } from '#src/config.ts'

export type InvoicesContext = {
  db: Db
  now: () => Date
  cursors: CursorCodec
  /** The operators' chat the bot tells of new invoices (docs/bot.md). */
  config?: { bot: Pick<Config['bot'], 'opsChatId'> } | undefined
  /** Wakes the bot's outbox worker once a change that queued a message committed (services.ts). */
  messageQueued?: (() => void) | undefined
}
