/**
 * The end-to-end run's global setup and teardown: names the run (E2E_RUN_ID, inherited by the test workers), and
 * after the last file runs the secrets scan (docs/resilience.md, 'Secrets') over the run's server logs
 * (test-output/e2e-logs/<run>/) and the data folders its servers left (test-output/e2e-data/<run>/), looking for
 * every secret the tests recorded (test-output/e2e-secrets-<run>.jsonl) and the sandbox's. A finding fails the run;
 * the report is printed and written to test-output/secrets-scan-<run>.txt. The data folders are removed after a
 * clean scan and kept for inspection after a finding.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  formatReport,
  readSecretFiles,
  SANDBOX_SECRETS,
  scan,
} from '../../apps/server/scripts/secrets-scan.ts'
import { e2eRun } from './secrets-recorder.ts'

export function setup(): void {
  process.env.E2E_RUN_ID = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`
}

/**
 * A teardown that throws does not fail a Vitest run (it prints 'error during close' and exits 0): a finding, or a
 * scan that could not run, sets the exit code instead.
 */
export async function teardown(): Promise<void> {
  const run = e2eRun()
  if (!run) return
  try {
    const dataDirs = existsSync(run.dataRoot)
      ? readdirSync(run.dataRoot).map((name) => join(run.dataRoot, name))
      : []
    const report = await scan({
      logs: [run.logsDir],
      dataDirs,
      pgUrls: [],
      secrets: [...SANDBOX_SECRETS, ...readSecretFiles([run.secretsFile])],
    })
    const text = formatReport(report)
    const output = join(run.logsDir, '..', '..')
    mkdirSync(output, { recursive: true })
    writeFileSync(join(output, `secrets-scan-${run.runId}.txt`), `${text}\n`)
    process.stdout.write(`\n${text}\n`)
    if (report.findings.length > 0) {
      process.stderr.write(
        `\nthe secrets scan found ${report.findings.length} secrets in plain text (above)\n`,
      )
      process.exitCode = 1
      return
    }
    rmSync(run.dataRoot, { recursive: true, force: true })
  } catch (error) {
    process.stderr.write(`\nthe secrets scan could not run: ${(error as Error).stack ?? String(error)}\n`)
    process.exitCode = 1
  }
}
