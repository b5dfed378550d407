/**
 * Secrets at rest (docs/resilience.md, 'Secrets'): what the server generates and keeps in the database (the auth
 * secret, the dev bot token) is sealed with SECRETS_KEY (or the data folder's key in development), plain rows left
 * from before are sealed at start, and a wrong key refuses to start with one clear line.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { secrets } from '#db/schema.ts'
import { getOrCreateSecret, sealPlainSecrets } from '#modules/secrets/repository.ts'
import { openSecret, sealSecret } from '#modules/secrets/sealing.ts'
import { parseSecretsKey } from '#modules/secrets/secrets-key.ts'
import { loadConfig } from '#src/config.ts'
import { buildApp, testConfig } from '#test-helpers/app.ts'
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '#test-helpers/database.ts'

const KEY_HEX = randomBytes(32).toString('hex')
const KEY = Buffer.from(KEY_HEX, 'hex')

async function stored(testDatabase: TestDatabase) {
  const rows = await testDatabase.database.db.select().from(secrets).orderBy(secrets.name)
  return Object.fromEntries(rows.map((r) => [r.name, r.value]))
}

describe.each(DATABASE_KINDS)('secrets at rest on %s', (kind) => {
  let testDatabase: TestDatabase | undefined
  afterEach(async () => {
    await testDatabase?.dispose()
    testDatabase = undefined
  })

  it('a generated auth secret and dev bot token are stored sealed, and every process opens them alike', async () => {
    testDatabase = await createTestDatabase(kind)
    const config = () =>
      testConfig({ authSecret: undefined, telegramBotToken: undefined, secretsKey: KEY_HEX })
    const first = await buildApp(config(), { database: testDatabase.database })
    await first.close()
    const rows = await stored(testDatabase)
    expect(Object.keys(rows)).toEqual(['auth_secret', 'dev_bot_token'])
    for (const [name, value] of Object.entries(rows)) {
      expect(value.startsWith('sealed:v1.')).toBe(true)
      const plain = openSecret(KEY, name, value)
      expect(plain.length).toBeGreaterThan(30)
      expect(value).not.toContain(plain)
    }
    // A second start (another process) opens the same values: nothing is generated again.
    const second = await buildApp(config(), { database: testDatabase.database })
    await second.close()
    expect(await stored(testDatabase)).toEqual(rows)
  })

  it('plain rows from before are sealed at start, keeping their values', async () => {
    testDatabase = await createTestDatabase(kind)
    const plainAuth = `plain-auth-secret-${randomBytes(16).toString('hex')}`
    const plainBot = `1234567:plain-${randomBytes(8).toString('hex')}`
    await testDatabase.database.db.insert(secrets).values([
      { name: 'auth_secret', value: plainAuth },
      { name: 'dev_bot_token', value: plainBot },
    ])
    // The bot token is configured now: its old row is sealed all the same.
    const app = await buildApp(testConfig({ authSecret: undefined, secretsKey: KEY_HEX }), {
      database: testDatabase.database,
    })
    await app.close()
    const rows = await stored(testDatabase)
    expect(JSON.stringify(rows)).not.toContain(plainAuth)
    expect(JSON.stringify(rows)).not.toContain(plainBot)
    expect(openSecret(KEY, 'auth_secret', rows.auth_secret ?? '')).toBe(plainAuth)
    expect(openSecret(KEY, 'dev_bot_token', rows.dev_bot_token ?? '')).toBe(plainBot)
  })

  it('another key does not open them: the start is refused with one clear line', async () => {
    testDatabase = await createTestDatabase(kind)
    await getOrCreateSecret(testDatabase.database.db, KEY, 'auth_secret', () => 'x'.repeat(40))
    await expect(
      buildApp(testConfig({ authSecret: undefined, secretsKey: randomBytes(32).toString('hex') }), {
        database: testDatabase.database,
      }),
    ).rejects.toThrow(/the stored secret 'auth_secret' does not open with this SECRETS_KEY/)
  })

  it('rotating SECRETS_KEY: with the old key as SECRETS_KEY_PREVIOUS a start seals every secret again with the new one', async () => {
    testDatabase = await createTestDatabase(kind)
    const { db } = testDatabase.database
    const authSecret = await getOrCreateSecret(db, KEY, 'auth_secret', () => 'a'.repeat(48))
    await getOrCreateSecret(db, KEY, 'dev_bot_token', () => '1234567:rotate-me')
    const newKeyHex = randomBytes(32).toString('hex')
    const newKey = Buffer.from(newKeyHex, 'hex')
    const rotated = () =>
      testConfig({
        authSecret: undefined,
        telegramBotToken: undefined,
        secretsKey: newKeyHex,
        secretsKeyPrevious: KEY_HEX,
      })
    await (await buildApp(rotated(), { database: testDatabase.database })).close()
    // The values stay: tokens signed with the auth secret before keep working.
    const rows = await stored(testDatabase)
    expect(openSecret(newKey, 'auth_secret', rows.auth_secret ?? '')).toBe(authSecret)
    expect(openSecret(newKey, 'dev_bot_token', rows.dev_bot_token ?? '')).toBe('1234567:rotate-me')
    expect(() => openSecret(KEY, 'auth_secret', rows.auth_secret ?? '')).toThrow()
    // A second process with the same settings finds nothing to do; later starts need only the new key.
    await (await buildApp(rotated(), { database: testDatabase.database })).close()
    expect(await stored(testDatabase)).toEqual(rows)
    const later = await buildApp(
      testConfig({ authSecret: undefined, telegramBotToken: undefined, secretsKey: newKeyHex }),
      { database: testDatabase.database },
    )
    await later.close()
    expect(() =>
      loadConfig({ NODE_ENV: 'test', SECRETS_KEY_PREVIOUS: KEY_HEX, TELEGRAM_BOT_TOKEN: '1:x' }),
    ).toThrow(/SECRETS_KEY_PREVIOUS is the key SECRETS_KEY replaces/)
  })

  it('sealing is per name, and a second sealing pass finds nothing to do', async () => {
    testDatabase = await createTestDatabase(kind)
    const { db } = testDatabase.database
    await db.insert(secrets).values({ name: 'auth_secret', value: sealSecret(KEY, 'dev_bot_token', 'moved') })
    expect(() => openSecret(KEY, 'auth_secret', sealSecret(KEY, 'dev_bot_token', 'moved'))).toThrow()
    await db.update(secrets).set({ value: 'plain' }).where(eq(secrets.name, 'auth_secret'))
    expect(await sealPlainSecrets(db, KEY)).toEqual(['auth_secret'])
    expect(await sealPlainSecrets(db, KEY)).toEqual([])
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(secrets)
    expect(row?.n).toBe(1)
  })
})

describe('the secrets key', () => {
  it('in development without SECRETS_KEY, is generated once into the data folder (0600) and kept', async () => {
    const testDatabase = await createTestDatabase('pglite')
    try {
      const config = testConfig({ authSecret: undefined })
      await (await buildApp(config, { database: testDatabase.database })).close()
      const file = join(config.dataDir, 'secrets-key')
      expect(statSync(file).mode & 0o777).toBe(0o600)
      const key = parseSecretsKey(readFileSync(file, 'utf8'))
      expect(key?.length).toBe(32)
      const [row] = await testDatabase.database.db
        .select()
        .from(secrets)
        .where(eq(secrets.name, 'auth_secret'))
      const secret = openSecret(key ?? Buffer.alloc(0), 'auth_secret', row?.value ?? '')
      await (
        await buildApp(
          { ...testConfig({ authSecret: undefined }), dataDir: config.dataDir },
          {
            database: testDatabase.database,
          },
        )
      ).close()
      const [again] = await testDatabase.database.db
        .select()
        .from(secrets)
        .where(eq(secrets.name, 'auth_secret'))
      expect(openSecret(key ?? Buffer.alloc(0), 'auth_secret', again?.value ?? '')).toBe(secret)
    } finally {
      await testDatabase.dispose()
    }
  })

  it('is required in production when the auth secret would be generated, and must be 32 bytes', () => {
    const production = {
      NODE_ENV: 'production',
      TELEGRAM_BOT_TOKEN: 't',
      ACCOUNT_PROVIDER: 'sandbox',
      CHAIN_VERIFICATION: 'off',
    } as const
    expect(() => loadConfig(production)).toThrow(
      /SECRETS_KEY is required in production when AUTH_SECRET is not set/,
    )
    expect(loadConfig({ ...production, SECRETS_KEY: KEY_HEX }).secretsKey).toBe(KEY_HEX)
    expect(loadConfig({ ...production, AUTH_SECRET: 'a'.repeat(32) }).secretsKey).toBeUndefined()
    expect(loadConfig({ SECRETS_KEY: randomBytes(32).toString('base64url') }).secretsKey).toBeDefined()
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY must be 32 bytes/)
  })
})
