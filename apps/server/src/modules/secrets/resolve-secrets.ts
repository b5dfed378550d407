/** Start-up: the bot token and auth secret the context is built with (configured, or generated once and shared). */
import { randomBytes, randomInt } from 'node:crypto'
import type { Db } from '#db/client.ts'
import { getOrCreateSecret } from './repository.ts'

/** Shaped like a real bot token (`<bot id>:<35 chars>`) so nothing downstream trips on its form. */
function generateDevBotToken(): string {
  return `${randomInt(1_000_000_000, 9_999_999_999)}:${randomBytes(26).toString('base64url').slice(0, 35)}`
}

/** TELEGRAM_BOT_TOKEN, or (dev only: production refuses to start without it) a generated, kept dev token. */
export function resolveBotToken(db: Db, secretsKey: Buffer, configured: string | undefined): Promise<string> {
  return configured !== undefined
    ? Promise.resolve(configured)
    : getOrCreateSecret(db, secretsKey, 'dev_bot_token', generateDevBotToken)
}

/** AUTH_SECRET, or one generated once and kept (sealed) in the database so every process signs alike. */
export function resolveAuthSecret(
  db: Db,
  secretsKey: Buffer,
  configured: string | undefined,
): Promise<string> {
  return configured !== undefined
    ? Promise.resolve(configured)
    : getOrCreateSecret(db, secretsKey, 'auth_secret', () => randomBytes(48).toString('base64url'))
}
