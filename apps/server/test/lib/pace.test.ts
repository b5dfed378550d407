import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { BACKGROUND_PACE, pacedStep } from '#lib/pace.ts'

describe('pacedStep', () => {
  it('answers the step, after a pause of BACKGROUND_PACE times what the step took', async () => {
    const started = performance.now()
    expect(await pacedStep(() => sleep(40).then(() => 'done'), true)).toBe('done')
    // Only a lower bound: a loaded machine makes either part longer, never shorter.
    expect(performance.now() - started).toBeGreaterThanOrEqual((1 + BACKGROUND_PACE) * 40 - 5)
  })

  it('does not pause unpaced', async () => {
    const step = async () => {
      await sleep(40)
      return performance.now()
    }
    const stepEnded = await pacedStep(step, false)
    expect(performance.now() - stepEnded).toBeLessThan(40)
  })
})
