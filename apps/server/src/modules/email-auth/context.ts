/**
 * What every use case of email sign-in runs on (docs/email-auth.md): the database, the clock, the keys, the mail
 * templates and the config, bound once by `createEmailAuthService` (service.ts).
 */
import type { Language } from '@app/contract'
import type { Db } from '#db/client.ts'
import type { Config } from '#src/config.ts'
import type { AccessTokenSigner } from '../auth/access-tokens.ts'
import type { EmailKeys } from '../email-outbox/email-keys.ts'
import type { MailTemplates } from '../email-outbox/templates.ts'

export type EmailAuthContext = {
  db: Db
  now: () => Date
  accessTokens: AccessTokenSigner
  emailKeys: EmailKeys
  mailTemplates: MailTemplates
  config: Pick<Config, 'passwordCost' | 'emailAuth' | 'refreshTokenTtlSeconds'>
  /** Called after a transaction that queued mail commits (wakes this process's outbox worker). */
  mailQueued?: (() => void) | undefined
}

/** Who asks: the client's address (rate limits) and the language of the mail. */
export type Requester = { ip: string; language: Language }

/** Registrations made before this are over (they wait `registrationTtlSeconds` for their code). */
export const registrationsSince = (ctx: EmailAuthContext) =>
  new Date(ctx.now().getTime() - ctx.config.emailAuth.registrationTtlSeconds * 1000)
