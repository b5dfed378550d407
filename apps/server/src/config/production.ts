/** What a production start must name itself, never left to a default that suits development. */
import { ConfigError } from './env.ts'

export function requireForProduction(e: {
  NODE_ENV?: string | undefined
  TELEGRAM_BOT_TOKEN: string | undefined
  ACCOUNT_PROVIDER?: 'sandbox' | undefined
  AUTH_SECRET: string | undefined
  SECRETS_KEY: string | undefined
}): void {
  if (e.NODE_ENV !== 'production') return
  if (e.TELEGRAM_BOT_TOKEN === undefined) {
    throw new ConfigError('TELEGRAM_BOT_TOKEN is required in production (NODE_ENV=production)')
  }
  // The sandbox simulates accounts and supplies none to anyone: a production deployment runs on it only by
  // saying so, never by forgetting a variable.
  if (e.ACCOUNT_PROVIDER === undefined) {
    throw new ConfigError(
      "ACCOUNT_PROVIDER is required in production; the only provider built in is 'sandbox', which simulates accounts (set ACCOUNT_PROVIDER=sandbox to run on it anyway)",
    )
  }
  // A generated auth secret is kept in the database, sealed: production says with which key, never a file's.
  if (e.AUTH_SECRET === undefined && e.SECRETS_KEY === undefined) {
    throw new ConfigError(
      'SECRETS_KEY is required in production when AUTH_SECRET is not set (the generated auth secret is stored sealed with it): openssl rand -hex 32',
    )
  }
}
