import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { pacedStep } from '../../src/lib/pace.ts'

describe('pacedStep', () => {
  it('answers the step, after a pause of `factor` times what the step took', async () => {
    const started = performance.now()
    expect(await pacedStep(() => sleep(40).then(() => 'done'), 3)).toBe('done')
    // Only a lower bound: a loaded machine makes either part longer, never shorter.
    expect(performance.now() - started).toBeGreaterThanOrEqual(4 * 40 - 5)
  })

  it('does not pause with factor 0', async () => {
    let pausedFor = 0
    const step = async () => {
      await sleep(40)
      return performance.now()
    }
    const stepEnded = await pacedStep(step, 0)
    pausedFor = performance.now() - stepEnded
    expect(pausedFor).toBeLessThan(40)
  })
})
