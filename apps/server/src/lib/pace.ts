import { setTimeout as sleep } from 'node:timers/promises'

/**
 * One step of background work, then a pause of `factor` times what the step took: the work takes at most
 * 1 / (1 + factor) of a core, and requests meet one short statement at a time, not a burst (docs/resilience.md,
 * 'Load'). Factor 0: no pause (tests, commands run by hand).
 */
export async function pacedStep<T>(step: () => Promise<T>, factor: number): Promise<T> {
  const started = performance.now()
  const result = await step()
  if (factor > 0) await sleep(factor * (performance.now() - started))
  return result
}
