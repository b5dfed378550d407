/**
 * The operator token: OPS_TOKEN when set, else generated at first start and kept in
 * DATA_DIR/ops-token, readable by its owner only (0600), where the CLI finds it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const opsTokenPath = (dataDir: string) => join(dataDir, 'ops-token')

async function readOpsTokenFile(dataDir: string): Promise<string | undefined> {
  try {
    const token = (await readFile(opsTokenPath(dataDir), 'utf8')).trim()
    return token === '' ? undefined : token
  } catch {
    return undefined
  }
}

export async function resolveOpsToken(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured !== undefined) return configured
  const existing = await readOpsTokenFile(dataDir)
  if (existing !== undefined) return existing
  await mkdir(dataDir, { recursive: true })
  const token = randomBytes(32).toString('base64url')
  try {
    // 'wx': if another process wrote it first, keep theirs.
    await writeFile(opsTokenPath(dataDir), `${token}\n`, { mode: 0o600, flag: 'wx' })
    return token
  } catch {
    const written = await readOpsTokenFile(dataDir)
    if (written === undefined) throw new Error(`cannot write ${opsTokenPath(dataDir)}`)
    return written
  }
}

/** Constant-time comparison; hashing first makes the lengths equal and hides the token's length. */
export function opsTokenMatches(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}
