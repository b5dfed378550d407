import { randomBytes } from 'node:crypto'
import { initDataHash } from '../../modules/auth/init-data.ts'

export type SimulatedTelegramUser = {
  id: number
  first_name: string
  last_name?: string
  username?: string
  language_code?: string
  is_premium?: boolean
  allows_write_to_pm?: boolean
  photo_url?: string
}

export type InitDataFields = {
  user: SimulatedTelegramUser
  authDate: number
  startParam?: string
  queryId?: string
}

/**
 * Builds a raw init data string the way Telegram does for a mini-app opened from a link:
 * URL-encoded fields plus `hash`, computed by the same function the server checks it with.
 * Telegram also adds an Ed25519 `signature` for third parties; we cannot make a real one, but include a
 * random value so that the server's check proves it keeps `signature` inside the data-check-string.
 */
export function signInitData(fields: InitDataFields, botToken: string): string {
  const entries: [string, string][] = [
    ['query_id', fields.queryId ?? `AAH${randomBytes(8).toString('base64url')}`],
    ['user', JSON.stringify(fields.user)],
    ['auth_date', String(fields.authDate)],
    ['signature', randomBytes(64).toString('base64url')],
  ]
  if (fields.startParam) entries.push(['start_param', fields.startParam], ['chat_type', 'sender'])
  entries.push(['chat_instance', '-1234567890123456789'])

  const hash = initDataHash(Object.fromEntries(entries), botToken)
  return new URLSearchParams([...entries, ['hash', hash]]).toString()
}
