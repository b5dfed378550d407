/**
 * What every step of a submission runs on (docs/accounts.md): the database, the provider, the clock and the code
 * send limits, bound once by `createAccountSubmissionService` (service.ts).
 */

import type { Db } from '#db/client.ts'
import type { AccountProvider } from '#providers/account-provider.ts'
import type { Config } from '#src/config.ts'

export type SubmissionContext = {
  db: Db
  accountProvider: AccountProvider
  now: () => Date
  config: Pick<Config, 'codeSendLimits'>
}
