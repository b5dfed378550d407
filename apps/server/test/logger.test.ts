import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../dev/demo/demo-data.ts'
import { SANDBOX_LOGIN_CODE } from '../src/providers/sandbox/scenarios.ts'
import { newUser } from './helpers/accounts.ts'
import { bearer, createTestApp, TEST_OPS_TOKEN } from './helpers/app.ts'
import { freshTelegramUser, signInitData } from './helpers/init-data.ts'

describe('logs', () => {
  it('never contain init data, tokens, operator token or codes, even at trace level', async () => {
    let logs = ''
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logs += String(chunk)
        done()
      },
    })
    const t = await createTestApp('pglite', { config: { logLevel: 'trace' }, deps: { logStream } })
    try {
      const initData = signInitData({ user: freshTelegramUser(), startParam: DEMO_REFERRAL_CODE })
      const authorized = await t.app.inject({
        method: 'POST',
        url: '/auth/telegram/authorize',
        payload: { initData, referralCode: 'secret-ref-code' },
      })
      const { accessToken, refreshToken } = authorized.json() as { accessToken: string; refreshToken: string }
      await t.app.inject({ method: 'GET', url: '/dashboard', headers: bearer(accessToken) })
      await t.app.inject({ method: 'POST', url: '/auth/refresh', headers: bearer(refreshToken) })
      await t.app.inject({
        method: 'POST',
        url: '/ops/invites',
        headers: bearer(TEST_OPS_TOKEN),
        payload: { code: 'secret-invite' },
      })
      await t.app.inject({
        method: 'POST',
        url: '/auth/telegram/authorize',
        payload: { initData: `${initData}x` },
      })
      expect(logs).toContain('incoming request')
      const hash = new URLSearchParams(initData).get('hash') ?? ''
      for (const secret of [
        hash,
        accessToken,
        refreshToken,
        TEST_OPS_TOKEN,
        'secret-invite',
        'secret-ref-code',
        t.config.telegramBotToken ?? '',
        t.config.authSecret ?? '',
      ]) {
        expect(secret.length).toBeGreaterThan(5)
        expect(logs).not.toContain(secret)
      }
    } finally {
      await t.close()
    }
  })

  it('never contain a 2FA password or login codes from the /telegram calls, even at trace level', async () => {
    let logs = ''
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logs += String(chunk)
        done()
      },
    })
    const t = await createTestApp('pglite', { config: { logLevel: 'trace' }, deps: { logStream } })
    try {
      const { post } = await newUser(t.app)
      const password = 'Pw-9f3e1c77-secret'
      await post('/telegram/submit-account-phone', { phone: '+989120000002', submitType: 'login' })
      await post('/telegram/submit-account-code', { code: '54321', password })
      await post('/telegram/submit-account-code', { code: SANDBOX_LOGIN_CODE })
      await post('/telegram/submit-account-password', { password })
      await post('/telegram/submit-account-password', { password: `${password}-2` })
      // A malformed body (400) must not echo the password either.
      await post('/telegram/submit-account-password', { password: 12345678 })
      expect(logs).toContain('/telegram/submit-account-password')
      expect(logs).not.toContain(password)
      // Codes are digits: matched as whole numbers, as the secrets scan does (a log line's epoch-millisecond
      // timestamp, 1795764543217, once held 54321 and failed this test).
      for (const code of ['54321', SANDBOX_LOGIN_CODE, '12345678']) {
        expect(logs).not.toMatch(new RegExp(`(?<![\\d.])${code}(?![\\d.])`))
      }
    } finally {
      await t.close()
    }
  })
})
