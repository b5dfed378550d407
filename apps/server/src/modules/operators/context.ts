/**
 * What every use case of named operators runs on (docs/console.md): the database, the clock, the keys and the
 * config, bound once by `createOperatorService` (service.ts); and the helpers they share.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { Trends } from '@app/contract/ops'
import type { Db } from '#db/client.ts'
import type { Config } from '#src/config.ts'
import type { OperatorKeys } from './keys.ts'

export type OperatorServiceDeps = {
  db: Db
  now: () => Date
  opsToken: string
  operatorKeys: OperatorKeys
  config: Pick<Config, 'passwordCost' | 'operatorLoginFailures' | 'operators' | 'chain'> & {
    bot: Pick<Config['bot'], 'opsChatId'>
  }
  /** Wakes the bot's outbox worker once a change that queued a message committed (services.ts). */
  messageQueued?: (() => void) | undefined
}

export type OperatorsContext = OperatorServiceDeps & {
  /** The 30 days of trends this service read last, and until when they count as fresh (overview.ts). */
  trendsCache: { cached: { until: number; value: Promise<Trends> } | undefined }
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url')

export const csrfOf = (ctx: OperatorsContext, sessionToken: string) =>
  createHmac('sha256', ctx.operatorKeys.csrf).update(sessionToken).digest('base64url')

/** The login as the sign-in guard names it: an HMAC, never the typed text (it may be a password). */
export const signInSubject = (ctx: OperatorsContext, login: string) =>
  `operator:${createHmac('sha256', ctx.operatorKeys.signIn).update(login).digest('hex')}`
