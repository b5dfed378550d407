/**
 * Support on /metrics (docs/support.md): open threads and the longest wait (database-wide, the same on every
 * process: alert rules take their max), and the time to first reply as a histogram of this process's replies.
 */
import { Gauge, type Metric } from 'prom-client'
import { readSupportGauges } from './repository.ts'
import type { SupportContext } from './support-context.ts'

/** One read serves both gauges of a scrape. */
const READ_REUSE_MS = 1000

export function supportMetrics(context: SupportContext): Metric[] {
  let last: { at: number; read: ReturnType<typeof readSupportGauges> } | undefined
  const read = () => {
    if (last === undefined || Date.now() - last.at > READ_REUSE_MS) {
      last = { at: Date.now(), read: readSupportGauges(context.db, context.now()) }
      last.read.catch(() => {
        last = undefined
      })
    }
    return last.read
  }
  const gauge = (
    name: string,
    help: string,
    pick: (g: Awaited<ReturnType<typeof readSupportGauges>>) => number,
  ) => {
    const metric: Gauge = new Gauge({
      name,
      help,
      registers: [],
      async collect() {
        const gauges = await read().catch(() => undefined)
        metric.set(gauges === undefined ? 0 : pick(gauges))
      },
    })
    return metric
  }
  return [
    gauge('app_support_open_threads', 'Support threads waiting for an operator (status open)', (g) => g.open),
    gauge(
      'app_support_oldest_wait_seconds',
      'Seconds the longest-waiting support user has waited for an answer (0: nobody waits)',
      (g) => g.oldestWaitSeconds,
    ),
    context.firstReply,
  ]
}
