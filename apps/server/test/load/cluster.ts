/**
 * Server processes for the load bench: Node's cluster module. The primary forks `LOAD_WORKERS` workers (default 2),
 * each listening on a port of its own, so that the bench spreads its connections evenly over them as nginx spreads
 * requests in a deployment (deploy/nginx). One shared port let the primary hand a connection to whichever worker
 * answered first: one process got most of the requests and a long pool queue. Each worker starts the
 * server as `src/server.ts` does (config from the environment, the app plugin, listen), plus one route of the bench
 * only, `GET /bench/bare`: no database, no authentication, behind the same global hooks as every route (rate limit,
 * security headers, the NUL check) and with a response schema as every route has, the bare Fastify figure the
 * dashboard is compared with.
 *
 * Run with `node apps/server/test/load/cluster.ts` and the server's environment (DATABASE_URL: the
 * processes share PostgreSQL). The primary prints `cluster ready` and the ports once every worker listens, and
 * stops them all on SIGTERM; a worker that dies otherwise stops the cluster with exit code 1.
 *
 * Each worker also keeps, for the bench, what makes a tail inside a process (process-stats.ts): its event loop's
 * delay, its GC pauses, and its database pool's queue. Spawned with an IPC channel, the primary answers a
 * `{ type: 'process-stats' }` message with every worker's figures since the last such message (and starts them
 * again).
 */
import cluster, { type Worker } from 'node:cluster'
import { defineEndpoint } from '@app/contract'
import Fastify from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { openPostgres } from '#db/client.ts'
import { route } from '#lib/route.ts'
import appPlugin, { serverOptions } from '#src/app.ts'
import { loadConfig } from '#src/config.ts'
import { type ProcessStats, watchProcess } from './process-stats.ts'

async function primary(): Promise<void> {
  const count = Number(process.env.LOAD_WORKERS ?? 2)
  let stopping = false
  const ports: number[] = []
  cluster.on('message', (_worker, message: { type?: string; port?: number }) => {
    if (message?.type !== 'listening' || message.port === undefined) return
    ports.push(message.port)
    if (ports.length === count) process.stdout.write(`cluster ready ${ports.join(' ')}\n`)
  })
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    process.stderr.write(`worker ${worker.process.pid} exited (${signal ?? code}); stopping the cluster\n`)
    stopping = true
    for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGKILL')
    process.exit(1)
  })
  for (let i = 0; i < count; i += 1) cluster.fork()
  // The bench's questions (harness.ts `processStats`): every worker's figures, in one answer.
  process.on('message', (message: { type?: string }) => {
    if (message?.type !== 'process-stats') return
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined)
    void Promise.all(
      workers.map(
        (worker) =>
          new Promise<ProcessStats>((resolve) => {
            const answer = (reply: { type?: string; stats?: ProcessStats }) => {
              if (reply?.type !== 'process-stats' || reply.stats === undefined) return
              worker.off('message', answer)
              resolve(reply.stats)
            }
            worker.on('message', answer)
            worker.send({ type: 'process-stats' })
          }),
      ),
    ).then((stats) => process.send?.({ type: 'process-stats', stats }))
  })
  const stop = async () => {
    if (stopping) return
    stopping = true
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined)
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once('exit', () => resolve())
            worker.process.kill('SIGTERM')
          }),
      ),
    )
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop())
  process.on('SIGINT', () => void stop())
}

/** The bare route the dashboard is compared with: no database, no service. */
const BARE = defineEndpoint({
  method: 'GET',
  path: '/bench/bare',
  auth: 'none',
  responses: { 200: z.object({ ok: z.boolean() }) },
})

async function worker(): Promise<void> {
  const config = loadConfig()
  const app = Fastify(serverOptions(config))
  // Opened here rather than by the app, so that the bench sees the pool's queue (the app does not close it).
  const database = config.databaseUrl === undefined ? undefined : await openPostgres(config.databaseUrl)
  const watch = watchProcess(database?.kind === 'postgres' ? database.pool : undefined)
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'process-stats') process.send?.({ type: 'process-stats', stats: watch.take() })
  })
  await app.register(appPlugin, { config, database })
  // Declared and registered like every route (plugins/openapi.ts refuses one that is not), serialized the same way.
  route(app.withTypeProvider<ZodTypeProvider>(), BARE, async () => ({ ok: true }))
  await app.ready()
  await app.warmUp() // as src/run-server.ts does
  // Exclusive: a port of this worker's own, not one the primary shares out (module comment).
  await app.listen({ port: 0, host: config.host, exclusive: true })
  const address = app.server.address()
  process.send?.({ type: 'listening', port: typeof address === 'object' ? address?.port : undefined })
  let closing = false
  const stop = async () => {
    if (closing) return
    closing = true
    await app.close()
    await database?.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop())
  process.on('SIGINT', () => undefined) // the primary decides
}

if (cluster.isPrimary) await primary()
else
  await worker().catch((error: unknown) => {
    process.stderr.write(`worker start-up failed: ${String(error)}\n`)
    process.exit(1)
  })
