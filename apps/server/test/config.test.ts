/** The configuration's defaults that depend on other settings. */
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.ts'

describe('login code limits', () => {
  it('are higher in the demo (simulator on), so a newcomer can walk every sandbox row', () => {
    expect(loadConfig({}).codeSendLimits).toMatchObject({ perPhone: 50, perUser: 200 })
  })
  it('keep the live defaults when the simulator is off', () => {
    expect(loadConfig({ SIMULATOR: '0' }).codeSendLimits).toMatchObject({ perPhone: 5, perUser: 20 })
    expect(
      loadConfig({
        NODE_ENV: 'production',
        TELEGRAM_BOT_TOKEN: 't',
        ACCOUNT_PROVIDER: 'sandbox',
        AUTH_SECRET: 'a'.repeat(32),
      }).codeSendLimits,
    ).toMatchObject({
      perPhone: 5,
      perUser: 20,
    })
  })
  it('follow the environment when set, demo or not', () => {
    const env = { CODE_SEND_LIMIT_PER_PHONE: '7', CODE_SEND_LIMIT_PER_USER: '9' }
    expect(loadConfig(env).codeSendLimits).toMatchObject({ perPhone: 7, perUser: 9 })
    expect(loadConfig({ ...env, SIMULATOR: 'off' }).codeSendLimits).toMatchObject({ perPhone: 7, perUser: 9 })
  })
})

describe('account provider', () => {
  it('is the sandbox by default in development, and must be named in production', () => {
    expect(loadConfig({}).accountProvider).toBe('sandbox')
    expect(() => loadConfig({ NODE_ENV: 'production', TELEGRAM_BOT_TOKEN: 't' })).toThrow(
      /ACCOUNT_PROVIDER is required/,
    )
    const named = {
      NODE_ENV: 'production',
      TELEGRAM_BOT_TOKEN: 't',
      ACCOUNT_PROVIDER: 'sandbox',
      AUTH_SECRET: 'a'.repeat(32),
    }
    expect(loadConfig(named).accountProvider).toBe('sandbox')
  })
})
