/**
 * The end-to-end run's global setup and teardown: names the run (E2E_RUN_ID, inherited by the test workers) and
 * bundles the server, and after the last file runs the secrets scan (docs/resilience.md, 'Secrets') over the run's server logs
 * (test-output/e2e-logs/<run>/) and the databases its servers left: the PGlite data folders under
 * test-output/e2e-data/<run>/, and the PostgreSQL databases the folders of the servers started with `postgres` name
 * (with TEST_DATABASE_URL set), looking for every secret the tests recorded (test-output/e2e-secrets-<run>.jsonl)
 * and the sandbox's. A finding fails the run; the report is printed and written to
 * test-output/secrets-scan-<run>.txt. The data folders and PostgreSQL databases are removed after a clean scan and
 * kept for inspection after a finding.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  formatReport,
  readSecretFiles,
  SANDBOX_SECRETS,
  scan,
} from '../../apps/server/scripts/secrets-scan.ts'
import { dropDatabase, withDatabaseName } from '../../apps/server/test/helpers/postgres-admin.ts'
import { bundleServerEntries } from '../../apps/server/test/helpers/server-bundle.ts'
import { e2eRun } from './secrets-recorder.ts'
import { POSTGRES_DATABASE_FILE } from './server.ts'

let removeBundle: (() => void) | undefined

export async function setup(): Promise<void> {
  process.env.E2E_RUN_ID = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`
  // The development entry only: every e2e server runs it.
  removeBundle = await bundleServerEntries(['development'])
}

/**
 * A teardown that throws does not fail a Vitest run (it prints 'error during close' and exits 0): a finding, or a
 * scan that could not run, sets the exit code instead.
 */
export async function teardown(): Promise<void> {
  removeBundle?.()
  const run = e2eRun()
  if (!run) return
  try {
    const folders = existsSync(run.dataRoot)
      ? readdirSync(run.dataRoot).map((name) => join(run.dataRoot, name))
      : []
    // A folder that names a PostgreSQL database is that server's; the others hold PGlite.
    const postgresOf = (folder: string) => join(folder, POSTGRES_DATABASE_FILE)
    const dataDirs = folders.filter((folder) => !existsSync(postgresOf(folder)))
    const postgres = folders
      .filter((folder) => existsSync(postgresOf(folder)))
      .map((folder) => readFileSync(postgresOf(folder), 'utf8').trim())
    const adminUrl = process.env.TEST_DATABASE_URL ?? ''
    if (postgres.length > 0 && !adminUrl)
      throw new Error('PostgreSQL databases to scan, but no TEST_DATABASE_URL')
    const report = await scan({
      logs: [run.logsDir],
      dataDirs,
      pgUrls: postgres.map((name) => withDatabaseName(adminUrl, name)),
      secrets: [...SANDBOX_SECRETS, ...readSecretFiles([run.secretsFile])],
    })
    const text = formatReport(report)
    const output = join(run.logsDir, '..', '..')
    mkdirSync(output, { recursive: true })
    writeFileSync(join(output, `secrets-scan-${run.runId}.txt`), `${text}\n`)
    process.stdout.write(`\n${text}\n`)
    if (report.findings.length > 0) {
      const kept = postgres.length > 0 ? ` and PostgreSQL ${postgres.join(', ')} (drop them when done)` : ''
      process.stderr.write(
        `\nthe secrets scan found ${report.findings.length} secrets in plain text (above); kept for inspection: ${run.dataRoot}${kept}\n`,
      )
      process.exitCode = 1
      return
    }
    for (const name of postgres) await dropDatabase(adminUrl, name)
    rmSync(run.dataRoot, { recursive: true, force: true })
  } catch (error) {
    process.stderr.write(`\nthe secrets scan could not run: ${(error as Error).stack ?? String(error)}\n`)
    process.exitCode = 1
  }
}
