/**
 * A PostgreSQL or Redis server of the test's own, in a temp folder on a free port, that the test may stop and
 * start again (the outage tests, docs/resilience.md 'Outages'): never the machine's shared ones. PostgreSQL's
 * binaries are Debian's (/usr/lib/postgresql/<version>/bin); as root they run as the `postgres` user, which
 * initdb requires.
 */
import { execFile, spawn } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from './spawn-server.ts'

const run = promisify(execFile)

function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0]
  return version === undefined ? undefined : join(root, version, 'bin')
}

export const canRunPostgres = postgresBin() !== undefined
export const canRunRedis = existsSync('/usr/bin/redis-server')

const asRoot = process.getuid?.() === 0
/** A PostgreSQL binary, as the `postgres` user when this process is root. */
const pgCommand = (bin: string, args: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]

export type ThrowawayPostgres = {
  url: string
  port: number
  /** Fast shutdown: connections are cut, as in a crash or a failover. */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops it and removes its folder. */
  destroy(): Promise<void>
}

/** With `password`, TCP connections need it (scram-sha-256) and `url` holds it; without, they are trusted. */
export async function startThrowawayPostgres(
  options: { password?: string } = {},
): Promise<ThrowawayPostgres> {
  const bin = postgresBin()
  if (bin === undefined) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql')
  const dir = mkdtempSync(join(tmpdir(), 'throwaway-pg-'))
  const dataDir = join(dir, 'data')
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()))
  }
  chmodSync(dir, 0o700)
  const port = await freePort()
  const auth = ['--auth=trust']
  if (options.password !== undefined) {
    const pwfile = join(dir, 'pwfile')
    writeFileSync(pwfile, `${options.password}\n`, { mode: 0o600 })
    if (asRoot) chownSync(pwfile, statSync(dir).uid, statSync(dir).gid)
    auth.push('--auth-host=scram-sha-256', `--pwfile=${pwfile}`)
  }
  const [initdb, initArgs] = pgCommand(join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    ...auth,
    '--no-sync',
    '-E',
    'UTF8',
  ])
  await run(initdb, initArgs)
  const pgCtl = async (...args: string[]) => {
    const [command, commandArgs] = pgCommand(join(bin, 'pg_ctl'), ['-D', dataDir, ...args])
    await run(command, commandArgs)
  }
  const start = () =>
    pgCtl(
      '-w',
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
      'start',
    )
  let running = false
  const postgres: ThrowawayPostgres = {
    url: `postgres://postgres${options.password === undefined ? '' : `:${encodeURIComponent(options.password)}`}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      if (!running) return
      await pgCtl('-w', '-m', 'fast', 'stop')
      running = false
    },
    async start() {
      if (running) return
      await start()
      running = true
    },
    async destroy() {
      await postgres.stop().catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
  await postgres.start()
  return postgres
}

/** A database made on the throwaway server; answers its URL. */
export async function createThrowawayDatabase(postgres: ThrowawayPostgres, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: postgres.url })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  return postgres.url.replace(/\/postgres$/, `/${name}`)
}

export type ThrowawayRedis = {
  url: string
  port: number
  stop(): Promise<void>
  start(): Promise<void>
  destroy(): Promise<void>
}

export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'throwaway-redis-'))
  const port = await freePort()
  let child: ReturnType<typeof spawn> | undefined
  const start = async () => {
    if (child) return
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child = started
    await new Promise<void>((resolve, reject) => {
      let output = ''
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('Ready to accept connections')) resolve()
      })
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)))
    })
  }
  const redis: ThrowawayRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      const running = child
      if (!running) return
      child = undefined
      const exited = new Promise((resolve) => running.once('exit', resolve))
      running.kill('SIGKILL')
      await exited
    },
    start,
    async destroy() {
      await redis.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
  await start()
  return redis
}
