/**
 * The one grammY bot of a process, configured once: the token, the API root (Telegram's, or the fake Bot API in
 * tests and development) and a time limit per call. Errors are described for logs and tables without the token.
 */
import { createHmac } from 'node:crypto'
import { Bot, GrammyError, HttpError } from 'grammy'

export type TelegramBot = Bot

export function createTelegramBot(token: string, apiRoot: string, timeoutSeconds: number): TelegramBot {
  return new Bot(token, { client: { apiRoot, timeoutSeconds } })
}

/** The webhook's secret token when BOT_WEBHOOK_SECRET is unset: derived from the bot token, never the token. */
export function deriveWebhookSecret(botToken: string): string {
  return createHmac('sha256', botToken).update('bot-webhook-secret').digest('base64url')
}

export type BotFailure =
  | { kind: 'rate_limited'; retryAfter: number; description: string }
  | { kind: 'blocked'; description: string }
  | { kind: 'transient'; description: string }
  | { kind: 'refused'; description: string }

/** What went wrong with a Bot API call, for deciding and for recording: never the token, never the request. */
export function classifyBotError(error: unknown, token: string): BotFailure {
  const clean = (text: string) => text.split(token).join('<token>').slice(0, 300)
  if (error instanceof GrammyError) {
    const description = clean(`${error.error_code}: ${error.description}`)
    if (error.error_code === 429) {
      return { kind: 'rate_limited', retryAfter: error.parameters.retry_after ?? 5, description }
    }
    if (error.error_code === 403) return { kind: 'blocked', description }
    if (error.error_code >= 500) return { kind: 'transient', description }
    return { kind: 'refused', description }
  }
  if (error instanceof HttpError) {
    const inner = error.error instanceof Error ? `: ${error.error.name}` : ''
    return { kind: 'transient', description: clean(`${error.message}${inner}`) }
  }
  return {
    kind: 'transient',
    description: clean(error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
  }
}
