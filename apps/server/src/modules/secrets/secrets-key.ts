/**
 * The key that seals the secrets the server keeps in the database (AES-256-GCM, `sealing.ts`): SECRETS_KEY when
 * set (32 bytes as 64 hex digits or base64), else, in development only, one generated at first start and kept in
 * DATA_DIR/secrets-key, readable by its owner only (0600). Production refuses to start without SECRETS_KEY when it
 * would store a secret (config.ts).
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { StartupError } from '#lib/startup-error.ts'

const keyPath = (dataDir: string) => join(dataDir, 'secrets-key')

/** The 32 bytes of a key written as 64 hex digits or as base64 (url-safe or not); undefined for anything else. */
export function parseSecretsKey(text: string): Buffer | undefined {
  const trimmed = text.trim()
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex')
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    if (bytes.length === 32) return bytes
  }
  return undefined
}

async function readKeyFile(dataDir: string): Promise<Buffer | undefined> {
  let text: string
  try {
    text = await readFile(keyPath(dataDir), 'utf8')
  } catch {
    return undefined
  }
  const key = parseSecretsKey(text)
  if (!key)
    throw new StartupError(`${keyPath(dataDir)} does not hold a secrets key (64 hex digits or base64)`)
  return key
}

export async function resolveSecretsKey(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured !== undefined) {
    const key = parseSecretsKey(configured)
    if (!key) throw new StartupError('SECRETS_KEY must be 32 bytes: 64 hex digits or base64')
    return key
  }
  const existing = await readKeyFile(dataDir)
  if (existing) return existing
  await mkdir(dataDir, { recursive: true })
  const key = randomBytes(32)
  try {
    // 'wx': if another process wrote it first, keep theirs.
    await writeFile(keyPath(dataDir), `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' })
    return key
  } catch {
    const written = await readKeyFile(dataDir)
    if (!written) throw new StartupError(`cannot write ${keyPath(dataDir)}`)
    return written
  }
}
