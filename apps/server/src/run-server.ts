/**
 * Start-up only, for both entries (production's server.ts, development's dev/server.ts): load the config, lock the data folder (PGlite), create Fastify and register the app
 * plugin, listen, and shut down cleanly on SIGTERM/SIGINT. A refusal to start is one line on stderr and
 * exit code 1.
 */
import Fastify from 'fastify'
import appPlugin, { serverOptions } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import type { DevTools } from './dev-tools.ts'
import { type DataDirLock, lockDataDir } from './lib/data-dir-lock.ts'
import { describeCause, StartupError } from './lib/startup-error.ts'

function refuse(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

async function main(devTools: DevTools | undefined): Promise<void> {
  const config = loadConfig()
  // The production entry has no development tools; NODE_ENV=test there would hash passwords at the tests' cost.
  if (devTools === undefined && config.passwordCost === 'test')
    throw new StartupError('NODE_ENV=test is for the test suites; the production entry refuses it')
  let lock: DataDirLock | undefined
  if (config.databaseUrl === undefined) {
    lock = await lockDataDir(config.dataDir, (error) => {
      process.stderr.write(`Lost the lock on the data folder (${describeCause(error)}); stopping\n`)
      process.exit(1)
    })
  }

  const app = Fastify(serverOptions(config))
  try {
    await app.register(appPlugin, { config, devTools })
  } catch (error) {
    await app.close().catch(() => undefined)
    await lock?.release()
    throw error
  }

  try {
    await app.ready()
    await app.warmUp()
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close().catch(() => undefined)
    await lock?.release()
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new StartupError(`Port ${config.port} is already in use; stop the other process or set PORT`)
    }
    throw error
  }

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    try {
      await app.close()
    } finally {
      await lock?.release()
    }
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))

  const base = `http://localhost:${config.port}`
  process.stdout.write(`Ready on ${base}${config.simulator ? `  (simulator: ${base}/simulator)` : ''}\n`)
}

/** Runs the server until SIGTERM or SIGINT, with the development tools when the entry gives them. */
export function runServer(devTools?: DevTools): void {
  main(devTools).catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof StartupError) refuse(error.message)
    refuse(`Start-up failed: ${describeCause(error)}`)
  })
}
