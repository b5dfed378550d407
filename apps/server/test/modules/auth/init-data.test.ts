import { describe, expect, it } from 'vitest'
import { AUTH_DATE_FUTURE_SKEW_SECONDS, checkInitData, dataCheckString } from '#modules/auth/init-data.ts'
import {
  encodeFields,
  nowSeconds,
  signedFields,
  signInitData,
  TEST_BOT_TOKEN,
} from '#test-helpers/init-data.ts'

const user = { id: 42, first_name: 'Ada', last_name: 'Lovelace', username: 'ada', language_code: 'en' }
const DAY = 86_400
const check = (raw: string, token = TEST_BOT_TOKEN) => checkInitData(raw, token, DAY, new Date())

describe('checkInitData', () => {
  it('accepts a vector signed independently of our code (Python hmac), as Telegram signs', () => {
    // Computed outside this codebase: secret = HMAC_SHA256('WebAppData', token); hash over the sorted
    // data-check-string including `signature`. Guards against our signer and checker agreeing on a mistake.
    const token = '7000000001:AAFixedTokenForAKnownVector'
    const raw =
      'query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%7D&auth_date=1717740000&signature=6fbdaab833d39f54518bd5c3eb3f511d035e68cb&start_param=demo-ref&chat_type=sender&chat_instance=-1234567890123456789&hash=aad81016cf268a90120f9bcef19755f48f50604b73e78b2ac79d3f767a8bb9ff'
    const at = new Date(1_717_740_060_000)
    const result = checkInitData(raw, token, DAY, at)
    expect(result.ok && result.data.user.id).toBe(279058397)
    expect(result.ok && result.data.startParam).toBe('demo-ref')
    expect(checkInitData(raw.replace('signature=6f', 'signature=7f'), token, DAY, at).ok).toBe(false)
  })

  it('accepts valid init data and parses the user and start_param', () => {
    const result = check(signInitData({ user, startParam: 'demo-ref' }))
    expect(result).toEqual({
      ok: true,
      data: expect.objectContaining({
        user: { id: 42, firstName: 'Ada', lastName: 'Lovelace', username: 'ada', languageCode: 'en' },
        startParam: 'demo-ref',
      }),
    })
  })

  it('accepts a user without optional fields', () => {
    const result = check(signInitData({ user: { id: 7, first_name: 'Only' } }))
    expect(result.ok && result.data.user).toEqual({
      id: 7,
      firstName: 'Only',
      lastName: null,
      username: null,
      languageCode: null,
    })
  })

  it('refuses a tampered field', () => {
    const fields = signedFields({ user })
    fields.user = JSON.stringify({ ...user, id: 43 })
    expect(check(encodeFields(fields))).toEqual({ ok: false, reason: 'bad_signature' })
  })

  it('refuses a tampered hash', () => {
    const fields = signedFields({ user })
    const hash = fields.hash ?? ''
    fields.hash = `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`
    expect(check(encodeFields(fields))).toEqual({ ok: false, reason: 'bad_signature' })
  })

  it('refuses a hash that is not hex', () => {
    const fields = signedFields({ user })
    fields.hash = 'zz'
    expect(check(encodeFields(fields))).toEqual({ ok: false, reason: 'bad_signature' })
  })

  it('refuses a missing hash', () => {
    const { hash: _hash, ...fields } = signedFields({ user })
    expect(check(encodeFields(fields))).toEqual({ ok: false, reason: 'missing_hash' })
  })

  it('keeps the signature field in the data-check-string', () => {
    const fields = signedFields({ user, signature: true })
    expect(fields.signature).toBeDefined()
    expect(dataCheckString(fields)).toContain('\nsignature=')
    expect(check(encodeFields(fields)).ok).toBe(true)
    const { signature: _signature, ...withoutSignature } = fields
    expect(check(encodeFields(withoutSignature))).toEqual({ ok: false, reason: 'bad_signature' })
  })

  it('refuses expired init data and accepts it just inside the window', () => {
    expect(check(signInitData({ user, authDate: nowSeconds() - DAY - 5 }))).toEqual({
      ok: false,
      reason: 'expired',
    })
    expect(check(signInitData({ user, authDate: nowSeconds() - DAY + 5 })).ok).toBe(true)
  })

  it('refuses auth_date in the future beyond the allowed skew', () => {
    const future = nowSeconds() + AUTH_DATE_FUTURE_SKEW_SECONDS + 30
    expect(check(signInitData({ user, authDate: future }))).toEqual({ ok: false, reason: 'from_future' })
    expect(check(signInitData({ user, authDate: nowSeconds() + 5 })).ok).toBe(true)
  })

  it('refuses data signed with another bot token', () => {
    expect(check(signInitData({ user }), '999:another-bot')).toEqual({ ok: false, reason: 'bad_signature' })
  })

  it('refuses signed data without a valid user', () => {
    expect(check(signInitData({}))).toEqual({ ok: false, reason: 'no_user' })
    expect(check(signInitData({ extra: { user: '{"id":"x"}' } }))).toEqual({ ok: false, reason: 'no_user' })
    expect(check(signInitData({ extra: { user: 'not json' } }))).toEqual({ ok: false, reason: 'no_user' })
  })

  it('refuses malformed input', () => {
    expect(check('').ok).toBe(false)
    expect(check('garbage').ok).toBe(false)
    expect(check(`${signInitData({ user })}&user=dup`)).toEqual({ ok: false, reason: 'malformed' })
    expect(check(signInitData({ user, extra: { auth_date: 'soon' } }))).toEqual({
      ok: false,
      reason: 'malformed',
    })
  })
})
