/**
 * The CLI's configuration, from the same environment as the server's: where the server listens (OPS_URL, else
 * http://127.0.0.1:PORT) and the operator token (OPS_TOKEN, else the file the server wrote to
 * DATA_DIR/ops-token). Read once, here; nothing else reads `process.env`.
 */
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import * as z from 'zod/mini'
import en from 'zod/v4/locales/en.js'

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export type OpsClientConfig = { serverUrl: string; opsToken: string | undefined; dataDir: string }

const optionalString = z.pipe(
  z.optional(z.string()),
  z.transform((v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim())),
)

const EnvSchema = z.object({
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535)), 8000),
  OPS_URL: optionalString,
  OPS_TOKEN: optionalString,
  DATA_DIR: optionalString,
})

/**
 * zod's own messages in English, for a bad environment and for an answer that does not match the contract
 * (zod/mini loads no locale).
 */
function useEnglishZodMessages(): void {
  if (!z.config().localeError) z.config(en())
}

export function loadOpsClientConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): OpsClientConfig {
  useEnglishZodMessages()
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'} ${i.message}`)
    throw new ConfigError(`Invalid configuration: ${issues.join('; ')}`)
  }
  const e = parsed.data
  return {
    serverUrl: (e.OPS_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, ''),
    opsToken: e.OPS_TOKEN,
    dataDir: resolve(cwd, e.DATA_DIR ?? './data'),
  }
}

/** The token the server generated into its data folder (when OPS_TOKEN is not set); undefined if none. */
export async function readOpsTokenFile(dataDir: string): Promise<string | undefined> {
  try {
    const token = (await readFile(join(dataDir, 'ops-token'), 'utf8')).trim()
    return token === '' ? undefined : token
  } catch {
    return undefined
  }
}
