/**
 * The HTTP server and the process: where it listens and what it serves, who may name the client's address or
 * frame the mini-app, the logs, and the development conveniences (simulator, demo data).
 */
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as z from 'zod/mini'
import type { PasswordCost } from '../lib/crypto.ts'
import { parseTrustProxy, type TrustProxy } from '../lib/trust-proxy.ts'
import { booleanFlag, ConfigError, optionalString } from './env.ts'

/** The repository root, so defaults work whatever the process cwd is (locales, web dist). */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..')

const portSchema = z.coerce.number().check(z.int(), z.gte(0), z.lte(65535))

export const ServerEnv = z.object({
  NODE_ENV: z.optional(z.string()),
  PORT: z._default(portSchema, 8000),
  HOST: optionalString,
  DATA_DIR: optionalString,
  /** Default `sandbox` in development; production must name it (config/production.ts). */
  ACCOUNT_PROVIDER: z.optional(z.enum(['sandbox'])),
  APP_ORIGIN: optionalString,
  SIMULATOR: z.optional(booleanFlag),
  DEMO_DATA: z.optional(booleanFlag),
  WARM_UP: z.optional(booleanFlag),
  LOG_LEVEL: z.optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  LOCALES_DIR: optionalString,
  WEB_DIST_DIR: optionalString,
  CONSOLE_DIST_DIR: optionalString,
  /** true/false, a hop count or the proxies' addresses (lib/trust-proxy.ts); checked in serverPart. */
  TRUST_PROXY: optionalString,
  /** Origins allowed to frame the mini-app's pages (Telegram's web clients by default); comma-separated. */
  MINI_APP_FRAME_ANCESTORS: optionalString,
})

export type ServerPart = {
  isProduction: boolean
  /** The argon2 cost of password hashes: `test` only with NODE_ENV=test (lib/crypto.ts). */
  passwordCost: PasswordCost
  port: number
  host: string
  /** Absolute path of the data folder (PGlite files, lock, ops token). */
  dataDir: string
  accountProvider: 'sandbox'
  /** CORS allow-list. */
  appOrigins: string[]
  simulator: boolean
  /** Serve itself the users' frequent reads before listening (warm-up.ts); production's default. */
  warmUp: boolean
  demoData: boolean
  logLevel: string
  /** Pretty logs for people at a terminal; JSON lines otherwise. */
  prettyLogs: boolean
  localesDir: string
  webDistDir: string
  /** The operator console's build (apps/console/dist), served at /console. */
  consoleDistDir: string
  /** Which hops may name the client (`X-Forwarded-For`): see lib/trust-proxy.ts. */
  trustProxy: TrustProxy
  /** Origins besides the app's own that may frame the mini-app's pages (never the console's). */
  miniAppFrameAncestors: string[]
}

/**
 * Telegram's web clients: Web K (/k/) and Web A (/a/) both open a mini-app in an iframe on web.telegram.org;
 * webk. and webz. are their former addresses, which still redirect there.
 */
const TELEGRAM_WEB_ORIGINS = [
  'https://web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
]

/** MINI_APP_FRAME_ANCESTORS: origins (scheme, host, port; no path), comma-separated; Telegram's when unset. */
function parseFrameAncestors(text: string | undefined): string[] {
  if (text === undefined) return TELEGRAM_WEB_ORIGINS
  return text.split(',').map((entry) => {
    const origin = entry.trim().replace(/\/$/, '')
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (parsed === undefined || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      throw new ConfigError(
        `MINI_APP_FRAME_ANCESTORS must list origins such as https://web.telegram.org (no path); not ${JSON.stringify(origin)}`,
      )
    }
    return origin
  })
}

function trustProxyOf(text: string | undefined): TrustProxy {
  try {
    return parseTrustProxy(text)
  } catch (error) {
    throw new ConfigError((error as Error).message)
  }
}

/** A folder setting: relative to the process's cwd when set, else the repository's own. */
const folder = (value: string | undefined, cwd: string, fallback: string) =>
  value ? resolve(cwd, value) : resolve(REPO_ROOT, fallback)

export function serverPart(
  e: z.infer<typeof ServerEnv>,
  { isProduction, cwd }: { isProduction: boolean; cwd: string },
): ServerPart {
  const trustProxy = trustProxyOf(e.TRUST_PROXY)
  return {
    isProduction,
    passwordCost: e.NODE_ENV === 'test' ? 'test' : 'owasp',
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    dataDir: resolve(cwd, e.DATA_DIR ?? './data'),
    accountProvider: e.ACCOUNT_PROVIDER ?? 'sandbox',
    appOrigins: (e.APP_ORIGIN ?? `http://localhost:${e.PORT}`)
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
    simulator: e.SIMULATOR ?? !isProduction,
    warmUp: e.WARM_UP ?? isProduction,
    demoData: e.DEMO_DATA ?? !isProduction,
    logLevel: e.LOG_LEVEL ?? 'info',
    prettyLogs: !isProduction && process.stdout.isTTY === true,
    localesDir: folder(e.LOCALES_DIR, cwd, 'locales'),
    webDistDir: folder(e.WEB_DIST_DIR, cwd, 'apps/web/dist'),
    consoleDistDir: folder(e.CONSOLE_DIST_DIR, cwd, 'apps/console/dist'),
    trustProxy,
    miniAppFrameAncestors: parseFrameAncestors(e.MINI_APP_FRAME_ANCESTORS),
  }
}
