/** Prometheus metrics and the ledger check behind one of them (docs/operations.md). */
import * as z from 'zod/mini'
import { ConfigError, optionalString, wholeNumber } from './env.ts'

export const MetricsEnv = z.object({
  /** Metrics (docs/operations.md): `GET /metrics` on its own port (unset: none), the gauges' cache, the ledger check. */
  /** A port, or `+N`: PORT + N (one line for every instance of a systemd template). */
  METRICS_PORT: z.optional(
    z.string().check(z.regex(/^\+?\d+$/, { message: 'must be a port or +N (PORT + N)' })),
  ),
  METRICS_HOST: optionalString,
  METRICS_CACHE_MS: wholeNumber(5000, z.gte(0)),
  LEDGER_CHECK_INTERVAL_MS: wholeNumber(600_000, z.gte(0)),
})

export type MetricsConfig = {
  /** Port of this process's `GET /metrics`; undefined: no metrics (0: any free port, tests). */
  port: number | undefined
  host: string
  /** How long the gauges read from the database are kept before a scrape reads them again. */
  cacheMs: number
  /** How often one process checks the ledger for every process's metrics; 0: never. */
  ledgerCheckIntervalMs: number
}

/** METRICS_PORT: unset (no metrics), a port, or `+N` (PORT + N); never the API's own port. */
function metricsPort(value: string | undefined, port: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const metrics = value.startsWith('+') ? port + Number(value.slice(1)) : Number(value)
  if (metrics > 65535) throw new ConfigError(`METRICS_PORT ${value} makes port ${metrics}, above 65535`)
  if (metrics !== 0 && metrics === port) throw new ConfigError('METRICS_PORT must differ from PORT')
  return metrics
}

/** `port`: the API's own (PORT), which METRICS_PORT may count from and must differ from. */
export function metricsConfig(e: z.infer<typeof MetricsEnv>, port: number): MetricsConfig {
  return {
    port: metricsPort(e.METRICS_PORT, port),
    // Loopback unless told: the metrics say how busy the server is and need no credentials.
    host: e.METRICS_HOST ?? '127.0.0.1',
    cacheMs: e.METRICS_CACHE_MS,
    ledgerCheckIntervalMs: e.LEDGER_CHECK_INTERVAL_MS,
  }
}
