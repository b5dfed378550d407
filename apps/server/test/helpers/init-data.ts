import { randomBytes } from 'node:crypto'
import { initDataHash } from '#modules/auth/init-data.ts'

export const TEST_BOT_TOKEN = '1234567890:test-bot-token-for-the-server-suite'

export type TestTelegramUser = {
  id: number
  first_name: string
  last_name?: string
  username?: string
  language_code?: string
}

export type SignOptions = {
  user?: TestTelegramUser | undefined
  authDate?: number
  startParam?: string
  /** Include a Telegram-style `signature` field (it must stay in the data-check-string). */
  signature?: boolean
  extra?: Record<string, string>
  botToken?: string
}

export const nowSeconds = () => Math.floor(Date.now() / 1000)

/** Signed init data fields, in the order Telegram sends them. */
export function signedFields(options: SignOptions = {}): Record<string, string> {
  const fields: Record<string, string> = {
    query_id: `AAH${randomBytes(6).toString('base64url')}`,
    ...(options.user === undefined ? {} : { user: JSON.stringify(options.user) }),
    auth_date: String(options.authDate ?? nowSeconds()),
    ...(options.signature === false ? {} : { signature: randomBytes(64).toString('base64url') }),
    ...(options.startParam === undefined ? {} : { start_param: options.startParam, chat_type: 'sender' }),
    chat_instance: '-1234567890123456789',
    ...options.extra,
  }
  fields.hash = initDataHash(fields, options.botToken ?? TEST_BOT_TOKEN)
  return fields
}

export const encodeFields = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

export function signInitData(options: SignOptions = {}): string {
  return encodeFields(signedFields(options))
}

let nextTelegramId = 880_000_000 + Math.floor(Math.random() * 1_000_000) * 100
/** A Telegram user nobody else in this test run uses. */
export function freshTelegramUser(overrides: Partial<TestTelegramUser> = {}): TestTelegramUser {
  nextTelegramId += 1
  return {
    id: nextTelegramId,
    first_name: 'Test',
    last_name: 'User',
    username: `u${nextTelegramId}`,
    language_code: 'en',
    ...overrides,
  }
}
