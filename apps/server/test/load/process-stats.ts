/**
 * What makes a tail inside one server process, for the load bench (cluster.ts runs this in each worker):
 * - the event loop's delay (perf_hooks `monitorEventLoopDelay`, 10 ms resolution): how long a ready callback, such
 *   as a request's next step, waited for the loop; a synchronous piece of work shows here;
 * - GC pauses (`PerformanceObserver` on 'gc'): each one stops the loop for its duration;
 * - the database pool's queue: how long each `pool.connect` (every query outside a transaction takes one too)
 *   waited for a free connection, and the queue's length sampled every 5 ms.
 * `take()` answers the figures since the last `take()` and starts them again.
 */
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'
import type pg from 'pg'

export type ProcessStats = {
  pid: number
  seconds: number
  /** Event-loop delay, ms. */
  loop: { p50: number; p99: number; max: number }
  /** GC pauses: all, and the major ones (mark-sweep-compact). */
  gc: { count: number; totalMs: number; maxMs: number; major: number; majorMaxMs: number }
  /** Undefined without a pool (PGlite). */
  pool:
    | {
        max: number
        acquisitions: number
        /** Acquisitions that waited 1 ms or more for a connection. */
        waited: number
        waitP99: number
        waitMax: number
        /** The queue's length (`waitingCount`) sampled every 5 ms: its mean and its largest. */
        queueMean: number
        queueMax: number
      }
    | undefined
  /** CPU of the process over the window, ms (user + system). */
  cpuMs: number
}

const percentileOf = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0)

export function watchProcess(pool: pg.Pool | undefined): { take(): ProcessStats } {
  const loop = monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  let gc = { count: 0, totalMs: 0, maxMs: 0, major: 0, majorMaxMs: 0 }
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1
      gc.totalMs += entry.duration
      gc.maxMs = Math.max(gc.maxMs, entry.duration)
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.major += 1
        gc.majorMaxMs = Math.max(gc.majorMaxMs, entry.duration)
      }
    }
  })
  observer.observe({ entryTypes: ['gc'] })

  let waits: number[] = []
  let queueSum = 0
  let queueSamples = 0
  let queueMax = 0
  if (pool) {
    // pg-pool's query() takes its connection through this.connect, so wrapping the instance's method sees both.
    const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown
    ;(pool as unknown as { connect: typeof connect }).connect = (callback?: unknown) => {
      const t0 = performance.now()
      if (typeof callback === 'function') {
        return connect((error: unknown, client: unknown, done: unknown) => {
          waits.push(performance.now() - t0)
          ;(callback as (...args: unknown[]) => void)(error, client, done)
        })
      }
      return (connect() as Promise<unknown>).then((client) => {
        waits.push(performance.now() - t0)
        return client
      })
    }
    const sampler = setInterval(() => {
      queueSum += pool.waitingCount
      queueSamples += 1
      queueMax = Math.max(queueMax, pool.waitingCount)
    }, 5)
    sampler.unref()
  }

  let since = performance.now()
  let cpuSince = process.cpuUsage()
  return {
    take() {
      const now = performance.now()
      const cpu = process.cpuUsage(cpuSince)
      const sorted = waits.sort((a, b) => a - b)
      const stats: ProcessStats = {
        pid: process.pid,
        seconds: (now - since) / 1000,
        loop: {
          p50: loop.percentile(50) / 1e6,
          p99: loop.percentile(99) / 1e6,
          max: loop.max / 1e6,
        },
        gc,
        pool: pool && {
          max: pool.options.max ?? 10,
          acquisitions: sorted.length,
          waited: sorted.filter((ms) => ms >= 1).length,
          waitP99: percentileOf(sorted, 99),
          waitMax: sorted.at(-1) ?? 0,
          queueMean: queueSamples === 0 ? 0 : queueSum / queueSamples,
          queueMax,
        },
        cpuMs: (cpu.user + cpu.system) / 1000,
      }
      loop.reset()
      gc = { count: 0, totalMs: 0, maxMs: 0, major: 0, majorMaxMs: 0 }
      waits = []
      queueSum = 0
      queueSamples = 0
      queueMax = 0
      since = now
      cpuSince = process.cpuUsage()
      return stats
    },
  }
}

/** One line per process, for the bench's output. */
export function formatProcessStats(stats: ProcessStats[]): string[] {
  const ms = (n: number) => n.toFixed(1)
  return stats.map((s) => {
    const pool = s.pool
      ? `pool (max ${s.pool.max}): ${s.pool.waited} of ${s.pool.acquisitions} acquisitions waited, wait p99 ${ms(s.pool.waitP99)} max ${ms(s.pool.waitMax)} ms, queue mean ${s.pool.queueMean.toFixed(2)} max ${s.pool.queueMax}`
      : 'no pool'
    return `  process ${s.pid}: CPU ${((s.cpuMs / 1000 / s.seconds) * 100).toFixed(0)}%; event-loop delay p50 ${ms(s.loop.p50)} p99 ${ms(s.loop.p99)} max ${ms(s.loop.max)} ms; GC ${s.gc.count} pauses ${ms(s.gc.totalMs)} ms, max ${ms(s.gc.maxMs)} ms (major ${s.gc.major}, max ${ms(s.gc.majorMaxMs)} ms); ${pool}`
  })
}
