/**
 * The users' sign-in: the secret that signs their tokens and the tokens' lives, the age of Telegram init data
 * accepted, and the key that seals the secrets kept in the database (docs/resilience.md, 'Secrets').
 */
import * as z from 'zod/mini'
import { ConfigError, optionalSecret, optionalString, wholeNumber } from './env.ts'

/** A secrets key (docs/resilience.md, 'Secrets'): 32 bytes, 64 hex digits or base64. */
const secretsKeyText = optionalString.check(
  z.refine((v) => v === undefined || /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/.test(v), {
    message: 'must be 32 bytes: 64 hex digits or base64 (openssl rand -hex 32)',
  }),
)

export const AuthEnv = z.object({
  AUTH_SECRET: optionalSecret(32),
  /** Seals the secrets kept in the database (docs/resilience.md, 'Secrets'): 32 bytes, 64 hex digits or base64. */
  SECRETS_KEY: secretsKeyText,
  /** The key SECRETS_KEY replaces, while rotating it: rows sealed with it are sealed again with SECRETS_KEY at start. */
  SECRETS_KEY_PREVIOUS: secretsKeyText,
  AUTH_MAX_AGE_SECONDS: wholeNumber(86400, z.positive()),
})

export type AuthPart = {
  authSecret: string | undefined
  /** The key of secrets sealed in the database; undefined: in development one kept in DATA_DIR/secrets-key. */
  secretsKey: string | undefined
  /** While SECRETS_KEY is rotated: the key it replaces (rows sealed with it are sealed again at start). */
  secretsKeyPrevious: string | undefined
  authMaxAgeSeconds: number
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
}

export function authPart(e: z.infer<typeof AuthEnv>): AuthPart {
  if (e.SECRETS_KEY_PREVIOUS !== undefined && e.SECRETS_KEY === undefined) {
    throw new ConfigError('SECRETS_KEY_PREVIOUS is the key SECRETS_KEY replaces: set SECRETS_KEY too')
  }
  return {
    authSecret: e.AUTH_SECRET,
    secretsKey: e.SECRETS_KEY,
    secretsKeyPrevious: e.SECRETS_KEY_PREVIOUS,
    authMaxAgeSeconds: e.AUTH_MAX_AGE_SECONDS,
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
  }
}
