/**
 * The real server process, spawned as `npm start` runs it (scripts/start.mjs: the production entry with
 * NODE_ENV=production, the development one otherwise), for start-up and multi-process tests; from the run's bundle of
 * that entry (server-bundle.ts) unless the test is about the start from the source.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll } from 'vitest'
import { preparedDataDir } from './prepared-data-dir.ts'
import { serverArgs } from './server-bundle.ts'

const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url))

export type SpawnedServer = {
  child: ChildProcess
  output: () => { stdout: string; stderr: string }
  exited: Promise<number | null>
  /** SIGTERM, then wait for the exit. */
  stop: () => Promise<void>
}

/**
 * Only PATH and HOME come from this process's environment: the server sees exactly what the test gives it.
 * `from: 'source'` runs the entry's TypeScript as `npm start` does.
 */
export function spawnServer(
  env: Record<string, string>,
  from: 'bundle' | 'source' = 'bundle',
): SpawnedServer {
  const mode = env.NODE_ENV === 'production' ? 'production' : 'development'
  return spawnFromRoot(process.execPath, serverArgs(mode, from), env)
}

/** Any command run from the repository root (`npm start`, `node scripts/start.mjs`), with the same environment rule. */
export function spawnFromRoot(command: string, args: string[], env: Record<string, string>): SpawnedServer {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...env,
    },
  })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => (stdout += chunk))
  child.stderr?.on('data', (chunk) => (stderr += chunk))
  // 'close', not 'exit': it comes once stdout and stderr are drained, so output() is complete after `exited`.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  return {
    child,
    output: () => ({ stdout, stderr }),
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

/** Milliseconds until `/healthz` answered 200; throws when the process exits or the time runs out. */
export async function waitHealthy(port: number, server: SpawnedServer, timeoutMs = 60_000): Promise<number> {
  const t0 = Date.now()
  while (Date.now() - t0 < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output().stderr}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`)
      if (response.ok) return Date.now() - t0
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('server did not become healthy')
}

/** A port nobody listens on now (another suite may run meanwhile, so no fixed range). */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', resolve)
  })
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

/**
 * What a file of process tests makes (spawned servers, data folders, anything else to close), cleaned up after
 * the file even when a test fails: servers still running are SIGKILLed and awaited first.
 */
export function useProcessFixtures(folderPrefix: string) {
  const servers: SpawnedServer[] = []
  const dirs: string[] = []
  const closers: (() => Promise<unknown>)[] = []
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL')
    }
    await Promise.all(servers.map((server) => server.exited))
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    await Promise.all(closers.map((close) => close()))
  })
  return {
    /** Keeps a spawned server for the cleanup; returns it. */
    adopt(server: SpawnedServer): SpawnedServer {
      servers.push(server)
      return server
    },
    tempDir(): string {
      const dir = mkdtempSync(join(tmpdir(), folderPrefix))
      dirs.push(dir)
      return dir
    },
    /** A temp folder with a migrated PGlite database in it (prepared-data-dir.ts), removed at the end. */
    async preparedDir(): Promise<string> {
      const dir = await preparedDataDir(tmpdir(), folderPrefix)
      dirs.push(dir)
      return dir
    },
    /** Closes this (a database, a fake service) after the servers have stopped. */
    closeLater(close: () => Promise<unknown>): void {
      closers.push(close)
    },
  }
}
