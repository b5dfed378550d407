/**
 * Telegram Mini App init data validation, done by hand with node:crypto:
 *   secret_key = HMAC_SHA256(key = "WebAppData", message = bot_token)
 *   hash       = hex(HMAC_SHA256(key = secret_key, message = data_check_string))
 * where data_check_string is every received field except `hash`, as `key=value`, sorted by key and
 * joined by '\n'. The `signature` field (Ed25519, for third parties) stays in the check string:
 * Telegram computes `hash` over it too.
 */
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto'
import * as z from 'zod/mini'
import { epochSeconds } from '#lib/epoch-seconds.ts'

/** How far in the future auth_date may be, for clocks slightly out of step. */
export const AUTH_DATE_FUTURE_SKEW_SECONDS = 60

const TelegramUserSchema = z.object({
  id: z.int().check(z.positive(), z.lte(Number.MAX_SAFE_INTEGER)),
  first_name: z.string().check(z.maxLength(256)),
  last_name: z.optional(z.string().check(z.maxLength(256))),
  username: z.optional(z.string().check(z.maxLength(64))),
  language_code: z.optional(z.string().check(z.maxLength(35))),
})

export type TelegramInitUser = {
  id: number
  firstName: string
  lastName: string | null
  username: string | null
  languageCode: string | null
}

export type InitData = {
  user: TelegramInitUser
  authDate: number
  startParam: string | null
  /** Every field as received (already validated), for callers that need more (query_id, chat_type...). */
  fields: Record<string, string>
}

export type InitDataFailure =
  | 'malformed'
  | 'missing_hash'
  | 'bad_signature'
  | 'expired'
  | 'from_future'
  | 'no_user'

export type InitDataResult = { ok: true; data: InitData } | { ok: false; reason: InitDataFailure }

export function dataCheckString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n')
}

/** Telegram's key of init data for a bot, as a KeyObject (lib/crypto.ts `deriveKey`); kept for the last token. */
let initDataKey: { botToken: string; key: KeyObject } | undefined
function initDataKeyOf(botToken: string): KeyObject {
  if (initDataKey?.botToken !== botToken)
    initDataKey = {
      botToken,
      key: createSecretKey(createHmac('sha256', 'WebAppData').update(botToken).digest()),
    }
  return initDataKey.key
}

export function initDataHash(fields: Record<string, string>, botToken: string): string {
  return createHmac('sha256', initDataKeyOf(botToken)).update(dataCheckString(fields)).digest('hex')
}

function parseFields(raw: string): Record<string, string> | undefined {
  const fields: Record<string, string> = {}
  for (const [key, value] of new URLSearchParams(raw)) {
    // A repeated key is ambiguous (which one was signed?): refuse rather than guess.
    if (Object.hasOwn(fields, key)) return undefined
    fields[key] = value
  }
  return fields
}

function parseUser(json: string | undefined): TelegramInitUser | undefined {
  if (json === undefined) return undefined
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return undefined
  }
  const parsed = TelegramUserSchema.safeParse(value)
  if (!parsed.success) return undefined
  const u = parsed.data
  return {
    id: u.id,
    firstName: u.first_name,
    lastName: u.last_name ?? null,
    username: u.username ?? null,
    languageCode: u.language_code ?? null,
  }
}

/**
 * Checks raw init data exactly as Telegram passed it (never re-serialized).
 * `now` is injectable so tests and callers control time.
 */
export function checkInitData(
  raw: string,
  botToken: string,
  maxAgeSeconds: number,
  now: Date = new Date(),
): InitDataResult {
  const fields = parseFields(raw)
  if (!fields) return { ok: false, reason: 'malformed' }
  const hash = fields.hash
  if (hash === undefined || hash === '') return { ok: false, reason: 'missing_hash' }
  if (!/^[0-9a-f]{64}$/i.test(hash)) return { ok: false, reason: 'bad_signature' }

  const expected = Buffer.from(initDataHash(fields, botToken), 'hex')
  const received = Buffer.from(hash, 'hex')
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
    return { ok: false, reason: 'bad_signature' }
  }

  const authDateText = fields.auth_date ?? ''
  if (!/^\d{1,12}$/.test(authDateText)) return { ok: false, reason: 'malformed' }
  const authDate = Number(authDateText)
  const nowSeconds = epochSeconds(now)
  if (authDate > nowSeconds + AUTH_DATE_FUTURE_SKEW_SECONDS) return { ok: false, reason: 'from_future' }
  if (nowSeconds - authDate > maxAgeSeconds) return { ok: false, reason: 'expired' }

  const user = parseUser(fields.user)
  if (!user) return { ok: false, reason: 'no_user' }
  const startParam = fields.start_param
  return {
    ok: true,
    data: {
      user,
      authDate,
      startParam: startParam === undefined || startParam === '' ? null : startParam,
      fields,
    },
  }
}
