/** The configuration's defaults that depend on other settings. */
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config.ts'
import { hashPassword, verifyPassword } from '../src/lib/crypto.ts'

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
        CHAIN_VERIFICATION: 'off',
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
      CHAIN_VERIFICATION: 'off',
      AUTH_SECRET: 'a'.repeat(32),
    }
    expect(loadConfig(named).accountProvider).toBe('sandbox')
  })
})

describe('TRUST_PROXY', () => {
  it('takes false, a hop count or the proxies addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false)
    // 1 is one proxy, no longer a synonym of true (which trusts every hop, the client's own included).
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ])
  })
  it('refuses true (every hop, so any address a client claims) in production and development alike, in one line', () => {
    const production = {
      NODE_ENV: 'production',
      TELEGRAM_BOT_TOKEN: 't',
      ACCOUNT_PROVIDER: 'sandbox',
      CHAIN_VERIFICATION: 'off',
      SECRETS_KEY: '0'.repeat(64),
    }
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1)
    for (const env of [production, {}])
      for (const value of ['true', 'TRUE', 'yes', 'on']) {
        const load = () => loadConfig({ ...env, TRUST_PROXY: value })
        expect(load, value).toThrow(ConfigError)
        expect(load, value).toThrow(
          /^TRUST_PROXY=\S+ trusts every X-Forwarded-For entry, [^\n]*: set [^\n]*TRUST_PROXY=1[^\n]*$/,
        )
      }
  })
  it('refuses anything else, naming what is wrong', () => {
    for (const value of ['maybe', '10.0.0.0/33', '10.0.0.300', '127.0.0.1,proxy.local', '-1'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY must be/)
  })
})

describe('MINI_APP_FRAME_ANCESTORS', () => {
  it("is Telegram's web clients by default, or the origins given", () => {
    expect(loadConfig({}).miniAppFrameAncestors).toContain('https://web.telegram.org')
    expect(
      loadConfig({ MINI_APP_FRAME_ANCESTORS: 'http://127.0.0.1:5001, https://web.telegram.org/' })
        .miniAppFrameAncestors,
    ).toEqual(['http://127.0.0.1:5001', 'https://web.telegram.org'])
  })
  it('refuses what is not an origin', () => {
    for (const value of ['web.telegram.org', 'https://web.telegram.org/k/', "'none'", 'ftp://x.org'])
      expect(() => loadConfig({ MINI_APP_FRAME_ANCESTORS: value }), value).toThrow(
        /MINI_APP_FRAME_ANCESTORS must list origins/,
      )
  })
})

describe('operators', () => {
  it('four eyes wait a day and API tokens live 90 days by default; the environment changes both, within bounds', () => {
    expect(loadConfig({}).operators).toEqual({
      fourEyesDelaySeconds: 24 * 3600,
      apiTokenTtlSeconds: 90 * 24 * 3600,
    })
    expect(loadConfig({ FOUR_EYES_DELAY_SECONDS: '3600', OPS_API_TOKEN_TTL_DAYS: '30' }).operators).toEqual({
      fourEyesDelaySeconds: 3600,
      apiTokenTtlSeconds: 30 * 24 * 3600,
    })
    expect(() => loadConfig({ OPS_API_TOKEN_TTL_DAYS: '0' })).toThrow(/OPS_API_TOKEN_TTL_DAYS/)
    expect(() => loadConfig({ FOUR_EYES_DELAY_SECONDS: '-1' })).toThrow(/FOUR_EYES_DELAY_SECONDS/)
  })
})

describe('METRICS_PORT', () => {
  it('is off by default, a port, or +N from PORT (one line for every systemd instance); loopback unless told', () => {
    expect(loadConfig({}).metrics).toEqual({
      port: undefined,
      host: '127.0.0.1',
      cacheMs: 5000,
      ledgerCheckIntervalMs: 600_000,
    })
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics.port).toBe(9464)
    expect(loadConfig({ PORT: '8001', METRICS_PORT: '+1000' }).metrics.port).toBe(9001)
    expect(loadConfig({ METRICS_HOST: '10.0.0.5' }).metrics.host).toBe('10.0.0.5')
  })
  it('refuses what is no port, above 65535, or the API port itself', () => {
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT must be a port or \+N/)
    expect(() => loadConfig({ PORT: '65000', METRICS_PORT: '+1000' })).toThrow(/above 65535/)
    expect(() => loadConfig({ PORT: '8000', METRICS_PORT: '8000' })).toThrow(/must differ from PORT/)
  })
})

/** The least a production start needs, chain endpoints aside. */
const production = {
  NODE_ENV: 'production',
  TELEGRAM_BOT_TOKEN: 't',
  ACCOUNT_PROVIDER: 'sandbox',
  AUTH_SECRET: 'a'.repeat(32),
}

describe('the chain check (docs/transactions.md)', () => {
  it('is required in production: without both endpoints the start is refused unless CHAIN_VERIFICATION=off', () => {
    expect(() => loadConfig(production)).toThrow(
      /^TRON_API_ROOT and BSC_RPC_URL are required in production: .* \(set CHAIN_VERIFICATION=off to record them unchecked\)$/,
    )
    expect(() => loadConfig({ ...production, TRON_API_ROOT: 'https://api.trongrid.io' })).toThrow(
      /^BSC_RPC_URL is required in production/,
    )
    expect(loadConfig({ ...production, CHAIN_VERIFICATION: 'off' }).chain).toMatchObject({
      tron: undefined,
      bsc: undefined,
      verificationOff: true,
    })
    const both = loadConfig({
      ...production,
      TRON_API_ROOT: 'https://api.trongrid.io',
      TRON_API_KEY: 'key',
      BSC_RPC_URL: 'https://bsc.example/rpc',
      TRON_PAYOUT_WALLETS: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7, TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV',
      BSC_PAYOUT_WALLETS: '0x8894E0a0c962CB723c1976a4421c95949bE2D4E3',
    }).chain
    expect(both).toMatchObject({
      tron: {
        apiRoot: 'https://api.trongrid.io',
        apiKey: 'key',
        confirmations: 19,
        payoutWallets: ['TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV'],
      },
      bsc: {
        chainId: 56,
        usdtContract: '0x55d398326f99059fF775485246999027B3197955',
        confirmations: 15,
        payoutWallets: ['0x8894E0a0c962CB723c1976a4421c95949bE2D4E3'],
      },
      verificationOff: false,
      confirmTimeoutSeconds: 3600,
      recheckMs: 30_000,
    })
  })
  it('is off in development for a chain without an endpoint; on asks for both; URLs and the contract are checked', () => {
    expect(loadConfig({}).chain).toMatchObject({ tron: undefined, bsc: undefined, verificationOff: false })
    expect(() => loadConfig({ CHAIN_VERIFICATION: 'on' })).toThrow(
      /CHAIN_VERIFICATION=on needs TRON_API_ROOT and BSC_RPC_URL/,
    )
    expect(() => loadConfig({ TRON_API_ROOT: 'trongrid' })).toThrow(/TRON_API_ROOT must be an http\(s\) URL/)
    expect(() => loadConfig({ BSC_USDT_CONTRACT: '0x55d3' })).toThrow(/BSC_USDT_CONTRACT/)
  })
  it('needs our payout wallets with each endpoint, valid addresses of its chain', () => {
    expect(() => loadConfig({ TRON_API_ROOT: 'https://api.trongrid.io' })).toThrow(
      /^TRON_PAYOUT_WALLETS is required with TRON_API_ROOT: the chain check accepts a payout only from our own wallets/,
    )
    expect(() =>
      loadConfig({
        BSC_RPC_URL: 'https://bsc.example/rpc',
        BSC_PAYOUT_WALLETS: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      }),
    ).toThrow(/^BSC_PAYOUT_WALLETS: not a valid address: TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7$/)
  })
})

describe('WARM_UP (src/warm-up.ts)', () => {
  it('is on in production and off elsewhere unless set', () => {
    const unchecked = { ...production, CHAIN_VERIFICATION: 'off' }
    expect(loadConfig(unchecked).warmUp).toBe(true)
    expect(loadConfig({ ...unchecked, WARM_UP: 'off' }).warmUp).toBe(false)
    expect(loadConfig({ NODE_ENV: 'development' }).warmUp).toBe(false)
    expect(loadConfig({ NODE_ENV: 'development', WARM_UP: '1' }).warmUp).toBe(true)
  })
})

describe('password hashes', () => {
  it("cost OWASP's argon2id everywhere but the test suites (NODE_ENV=test), which hash cheaply", async () => {
    const productionCost = loadConfig({ ...production, CHAIN_VERIFICATION: 'off' }).passwordCost
    expect([productionCost, loadConfig({}).passwordCost]).toEqual(['owasp', 'owasp'])
    expect(loadConfig({ NODE_ENV: 'test' }).passwordCost).toBe('test')
    // The cost is written in the hash, so a hash of either cost verifies under any configuration.
    const owasp = await hashPassword('a-password-1', 'owasp')
    expect(owasp).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await hashPassword('a-password-1', 'test')).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/)
    expect(await verifyPassword(owasp, 'a-password-1')).toBe(true)
  })
})
