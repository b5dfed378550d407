import { setTimeout as sleep } from 'node:timers/promises'

/** A paced step's pause, in multiples of the step's own time: background work takes a quarter of a core at most. */
export const BACKGROUND_PACE = 3

/**
 * One step of background work, then (when `paced`) a pause of BACKGROUND_PACE times what the step took, so that
 * requests meet one short statement at a time, not a burst (docs/resilience.md, 'Load'). Unpaced: tests, commands
 * run by hand.
 */
export async function pacedStep<T>(step: () => Promise<T>, paced: boolean): Promise<T> {
  const started = performance.now()
  const result = await step()
  if (paced) await sleep(BACKGROUND_PACE * (performance.now() - started))
  return result
}
