/**
 * The in-process loop of an outbox worker (the email outbox, the bot outbox): a batch every `pollMs` or when
 * woken, never two at once in one process, draining while batches come back full, and a stop that lets the batch
 * in flight finish before the database closes.
 */
export type BatchWorker = {
  /** Look now rather than at the next poll (a request just queued work). */
  wake(): void
  stop(): Promise<void>
}

/** Exponential backoff with a cap and ±20 % jitter, so that retries of many rows do not land together. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  const plain = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(plain * (0.8 + Math.random() * 0.4))
}

export function startBatchWorker(options: {
  pollMs: number
  batchSize: number
  /** Runs one batch; answers how many rows it took. */
  runBatch: () => Promise<number>
  onError: (error: unknown) => void
  onStop?: () => void
}): BatchWorker {
  let running: Promise<void> | undefined
  let again = false
  let stopped = false
  const run = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = (async () => {
      try {
        // Drain: a full batch means more may be due.
        while (!stopped && (await options.runBatch()) >= options.batchSize) {}
      } catch (error) {
        options.onError(error)
      }
    })().finally(() => {
      running = undefined
      if (again) {
        again = false
        run()
      }
    })
  }
  const timer = setInterval(run, options.pollMs)
  timer.unref()
  return {
    wake: run,
    async stop() {
      stopped = true
      clearInterval(timer)
      while (running) await running
      options.onStop?.()
    },
  }
}

/**
 * A job on a schedule (a housekeeping round, a ledger check): every `intervalMs`, never two at once in one process,
 * the first `firstDelayMs` after start (or after one interval, if shorter).
 */
export function startSchedule(options: {
  intervalMs: number
  firstDelayMs: number
  run: () => Promise<unknown>
  onError: (error: unknown) => void
}): BatchWorker {
  const worker = startBatchWorker({
    pollMs: options.intervalMs,
    batchSize: Number.POSITIVE_INFINITY,
    runBatch: async () => {
      await options.run()
      return 0
    },
    onError: options.onError,
  })
  const first = setTimeout(() => worker.wake(), Math.min(options.intervalMs, options.firstDelayMs))
  first.unref()
  return {
    wake: worker.wake,
    async stop() {
      clearTimeout(first)
      await worker.stop()
    },
  }
}
