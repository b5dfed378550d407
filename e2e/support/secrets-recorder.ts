/**
 * Records every secret the end-to-end tests type or receive (codes, passwords, tokens, the bot and operator tokens,
 * the SMTP password) to a JSONL file, so that the secrets scan after the run (e2e/support/global-setup.ts,
 * apps/server/scripts/secrets-scan.ts) knows what to look for in the servers' logs and databases. Active only in a
 * run started by e2e/vitest.config.ts (E2E_RUN_ID set by the global setup); elsewhere (the Lighthouse bench) a no-op.
 */
import { appendFileSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, Request, Response } from 'playwright-core'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** This run's files: server logs, kept data folders, the secrets file. Undefined outside an e2e run. */
export function e2eRun(runId = process.env.E2E_RUN_ID) {
  if (!runId) return undefined
  return {
    runId,
    logsDir: join(root, 'test-output/e2e-logs', runId),
    dataRoot: join(root, 'test-output/e2e-data', runId),
    secretsFile: join(root, 'test-output', `e2e-secrets-${runId}.jsonl`),
  }
}

export function recordSecret(kind: string, value: string, source: string): void {
  const run = e2eRun()
  if (!run || value.trim() === '') return
  mkdirSync(dirname(run.secretsFile), { recursive: true })
  appendFileSync(run.secretsFile, `${JSON.stringify({ kind, value, source })}\n`)
}

/** Fields of a request body that carry a secret the user typed. */
const TYPED = new Set(['password', 'newPassword', 'passwordRetype', 'code', 'phoneCode', 'emailCode'])
/** Fields of an answer that carry a secret the server handed out. */
const HANDED = new Set(['accessToken', 'refreshToken', 'token', 'apiToken', 'password', 'totpSecret'])
/** Where `code` is no secret: invite and referral codes are handed around on purpose. */
const PUBLIC_CODES = /\/(ops\/invites|referral|invite)/

/** Records every string field of `value` (walked) whose name is in `fields`. */
export function recordFields(value: unknown, fields: Set<string>, source: string): void {
  const pending: unknown[] = [value]
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (item === null || typeof item !== 'object') continue
    for (const [key, child] of Object.entries(item)) {
      if (typeof child === 'string' && fields.has(key)) recordSecret(key, child, source)
      else pending.push(child)
    }
  }
}

function onRequest(request: Request): void {
  const path = new URL(request.url()).pathname
  const bearer = /^Bearer (.+)$/i.exec(request.headers().authorization ?? '')?.[1]
  if (bearer) recordSecret('bearer token', bearer, `${request.method()} ${path}`)
  if (request.method() === 'GET' || PUBLIC_CODES.test(path)) return
  try {
    recordFields(request.postDataJSON(), TYPED, `${request.method()} ${path}`)
  } catch {
    // not JSON
  }
}

async function onResponse(response: Response): Promise<void> {
  const path = new URL(response.url()).pathname
  for (const cookie of (await response.headersArray()).filter((h) => h.name.toLowerCase() === 'set-cookie')) {
    const [pair] = cookie.value.split(';')
    const [name, value] = (pair ?? '').split('=')
    if (name?.includes('session') && value) recordSecret('session cookie', decodeURIComponent(value), path)
  }
  if (!(response.headers()['content-type'] ?? '').includes('json') || PUBLIC_CODES.test(path)) return
  try {
    recordFields(await response.json(), HANDED, `answer of ${path}`)
  } catch {
    // no body (a redirect, a closed page)
  }
}

/** Records what a browser context's pages send and receive. */
export function recordContext(context: BrowserContext): BrowserContext {
  if (!e2eRun()) return context
  context.on('request', onRequest)
  context.on('response', (response) => void onResponse(response).catch(() => undefined))
  return context
}
