/**
 * The secrets scan (docs/resilience.md, 'Secrets'): searches log files and a full dump of databases (PGlite data
 * folders, PostgreSQL URLs) for the secrets a run used, in plain text: 2FA passwords, login and email codes,
 * passwords, refresh and access tokens, the bot token, the SMTP password, operators' tokens and TOTP secrets.
 *
 *   npx tsx apps/server/scripts/secrets-scan.ts [--logs <file or folder>]... [--data-dir <PGlite folder>]... [--pg <URL>]...
 *     [--secrets <file.jsonl>]... [--json]
 *
 * The known secrets are the sandbox's (its login code, email code and 2FA password) plus every line of the
 * `--secrets` files: `{"kind": "...", "value": "...", "source": "..."}`, as the e2e helpers record them
 * (e2e/support/secrets-recorder.ts). Every table of every schema but PostgreSQL's own and drizzle's migration
 * journal is read in full: the journal holds the migration files' SHA-256 hashes, never user data, and a run's 5-digit
 * code once turned up inside one of them. Exit status 1 when any secret is found; the report names where, never the
 * secret itself.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { type Database, openPglite, openPostgres } from '../src/db/client.ts'
import { lockDataDir } from '../src/lib/data-dir-lock.ts'
import {
  SANDBOX_EMAIL_CODE,
  SANDBOX_LOGIN_CODE,
  SANDBOX_PASSWORD,
} from '../src/providers/sandbox/scenarios.ts'

export type KnownSecret = { kind: string; value: string; source: string }

export type Finding = {
  kind: string
  source: string
  /** `log <file>:<line>` or `<database> <table>.<column>`. */
  where: string
  /** The text around the secret, the secret masked. */
  excerpt: string
}

/** Rows read from a table at a time. */
const PAGE = 5000

/** Shorter values would match by chance (a number in a timestamp): not searched. */
const MIN_LENGTH = 4

export const SANDBOX_SECRETS: KnownSecret[] = [
  { kind: 'login code', value: SANDBOX_LOGIN_CODE, source: 'sandbox scenarios' },
  { kind: 'email code', value: SANDBOX_EMAIL_CODE, source: 'sandbox scenarios' },
  { kind: '2FA password', value: SANDBOX_PASSWORD, source: 'sandbox scenarios' },
]

/** The secrets of `--secrets` files (one JSON object a line), deduplicated by value. */
export function readSecretFiles(files: string[]): KnownSecret[] {
  const secrets: KnownSecret[] = []
  for (const file of files) {
    if (!existsSync(file)) continue
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue
      const parsed = JSON.parse(line) as Partial<KnownSecret>
      if (typeof parsed.value === 'string' && typeof parsed.kind === 'string') {
        secrets.push({ kind: parsed.kind, value: parsed.value, source: parsed.source ?? file })
      }
    }
  }
  return secrets
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

type Matcher = { secret: KnownSecret; find: (text: string) => number }

/**
 * Where a code can stand: not inside a longer number (a phone, an id) or a hex hash, and not as a JSON number
 * (`"remotePort":12345`): codes travel as strings. A 5-digit code would otherwise match a port or a hash by chance
 * (two clean-clone runs' false findings).
 */
const codePattern = (code: string) => new RegExp(`(?<![0-9A-Za-z]|":)${escapeRegExp(code)}(?![0-9A-Za-z])`)

/** A matcher per distinct value: codes (digits only) as `codePattern` says; others anywhere, also JSON- or URL-escaped. */
export function matchers(secrets: KnownSecret[]): Matcher[] {
  const byValue = new Map<string, KnownSecret>()
  for (const secret of secrets) {
    if (secret.value.length >= MIN_LENGTH && !byValue.has(secret.value)) byValue.set(secret.value, secret)
  }
  return [...byValue.values()].map((secret) => {
    const forms = [
      ...new Set([secret.value, JSON.stringify(secret.value).slice(1, -1), encodeURIComponent(secret.value)]),
    ]
    const pattern = /^\d+$/.test(secret.value)
      ? codePattern(secret.value)
      : new RegExp(forms.map(escapeRegExp).join('|'))
    return { secret, find: (text: string) => text.search(pattern) }
  })
}

function excerpt(text: string, at: number, secret: string): string {
  const start = Math.max(0, at - 60)
  const masked = `[${secret.length} chars]`
  return `${text.slice(start, at)}${masked}${text.slice(at + secret.length, at + secret.length + 60)}`.replace(
    /\s+/g,
    ' ',
  )
}

function scanText(text: string, where: string, found: Matcher[], findings: Finding[]): void {
  for (const m of found) {
    const at = m.find(text)
    if (at >= 0) {
      findings.push({
        kind: m.secret.kind,
        source: m.secret.source,
        where,
        excerpt: excerpt(text, at, m.secret.value),
      })
    }
  }
}

function logFiles(path: string): string[] {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path).flatMap((name) => logFiles(join(path, name)))
}

/** Every line of every log file (folders are walked). */
export function scanLogs(
  paths: string[],
  secrets: Matcher[],
): { findings: Finding[]; lines: number; files: number } {
  const findings: Finding[] = []
  let lines = 0
  const files = paths.flatMap(logFiles)
  for (const file of files) {
    const text = readFileSync(file, 'utf8').split('\n')
    for (const [i, line] of text.entries()) scanText(line, `log ${file}:${i + 1}`, secrets, findings)
    lines += text.length
  }
  return { findings, lines, files: files.length }
}

/** Every cell of every table (all schemas but PostgreSQL's own), each row read as JSON. */
export async function scanDatabase(
  database: Database,
  label: string,
  secrets: Matcher[],
): Promise<{ findings: Finding[]; tables: number; rows: number }> {
  const { db } = database
  const tables = (await db.execute(sql`
    select table_schema, table_name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'drizzle')
      and table_schema not like 'pg\\_%'
    order by 1, 2
  `)) as { rows: { table_schema: string; table_name: string }[] }
  const findings: Finding[] = []
  let rows = 0
  for (const { table_schema, table_name } of tables.rows) {
    const table = sql`${sql.identifier(table_schema)}.${sql.identifier(table_name)}`
    // Pages in physical order (keyset on ctid), so a table of millions of rows is never held in memory at once.
    for (let after = '(0,0)'; ; ) {
      const page = (await db.execute(sql`
        select ctid::text as at, row_to_json(t)::text as row from ${table} t
        where ctid > ${after}::tid order by ctid limit ${PAGE}
      `)) as { rows: { at: string; row: string }[] }
      for (const { row } of page.rows) {
        rows++
        const cells = JSON.parse(row) as Record<string, unknown>
        for (const [column, value] of Object.entries(cells)) {
          if (value === null) continue
          const text = typeof value === 'string' ? value : JSON.stringify(value)
          scanText(text, `${label} ${table_schema}.${table_name}.${column}`, secrets, findings)
        }
      }
      const last = page.rows.at(-1)
      if (page.rows.length < PAGE || !last) break
      after = last.at
    }
  }
  return { findings, tables: tables.rows.length, rows }
}

export type ScanInput = { logs: string[]; dataDirs: string[]; pgUrls: string[]; secrets: KnownSecret[] }
export type ScanReport = {
  findings: Finding[]
  secrets: number
  logFiles: number
  logLines: number
  databases: number
  /** PGlite data folders dumped. */
  pglite: number
  /** Names of the PostgreSQL databases dumped. */
  postgres: string[]
  tables: number
  rows: number
}

export async function scan(input: ScanInput): Promise<ScanReport> {
  const found = matchers(input.secrets)
  const logs = scanLogs(input.logs, found)
  const report: ScanReport = {
    findings: logs.findings,
    secrets: found.length,
    logFiles: logs.files,
    logLines: logs.lines,
    databases: 0,
    pglite: 0,
    postgres: [],
    tables: 0,
    rows: 0,
  }
  const targets: {
    label: string
    /** The PostgreSQL database's name; undefined for PGlite. */
    postgres?: string
    open: () => Promise<{ database: Database; release: () => Promise<void> }>
  }[] = [
    ...input.dataDirs.map((dir) => ({
      label: `pglite ${dir}`,
      open: async () => {
        // The folder's lock: a server still running on it is refused rather than read under its feet.
        const lock = await lockDataDir(resolve(dir), () => undefined)
        const database = await openPglite(resolve(dir))
        return { database, release: () => lock.release() }
      },
    })),
    ...input.pgUrls.map((url) => {
      const name = new URL(url).pathname.slice(1)
      return {
        label: `postgres ${name}`,
        postgres: name,
        open: async () => ({ database: await openPostgres(url), release: async () => undefined }),
      }
    }),
  ]
  for (const target of targets) {
    const { database, release } = await target.open()
    try {
      const result = await scanDatabase(database, target.label, found)
      report.findings.push(...result.findings)
      report.databases++
      if (target.postgres === undefined) report.pglite++
      else report.postgres.push(target.postgres)
      report.tables += result.tables
      report.rows += result.rows
    } finally {
      await database.close()
      await release()
    }
  }
  return report
}

export function formatReport(report: ScanReport): string {
  const lines = [
    `secrets scan: ${report.secrets} distinct secrets searched in ${report.logLines.toLocaleString('en-US')} log lines (${report.logFiles} files) and ${report.rows.toLocaleString('en-US')} rows (${report.tables} tables, ${report.databases} databases)`,
    `databases dumped: ${report.pglite} PGlite; PostgreSQL: ${report.postgres.length > 0 ? report.postgres.join(', ') : 'none'}`,
  ]
  if (report.findings.length === 0) lines.push('found: none')
  else {
    lines.push(`found: ${report.findings.length}`)
    for (const f of report.findings) lines.push(`  ${f.kind} (${f.source}) in ${f.where}: ${f.excerpt}`)
  }
  return lines.join('\n')
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const all = (name: string) =>
    args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1] as string] : []))
  const report = await scan({
    logs: all('--logs'),
    dataDirs: all('--data-dir'),
    pgUrls: all('--pg'),
    secrets: [...SANDBOX_SECRETS, ...readSecretFiles(all('--secrets'))],
  })
  process.stdout.write(
    `${args.includes('--json') ? JSON.stringify(report, null, 2) : formatReport(report)}\n`,
  )
  process.exit(report.findings.length > 0 ? 1 : 0)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`secrets scan failed: ${(error as Error).message}\n`)
    process.exit(2)
  })
}
