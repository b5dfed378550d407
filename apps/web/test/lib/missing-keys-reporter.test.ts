import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMissingKeysReporter } from '#lib/missing-keys-reporter.ts'

afterEach(() => vi.useRealTimers())

describe('missing keys reporter (development)', () => {
  it('batches keys per file for a second, reports each key once, one POST per file', () => {
    vi.useFakeTimers()
    const send = vi.fn()
    const report = createMissingKeysReporter(send, 1000)
    report('fa', 'referrals', 'referrals.a', 'A')
    report('fa', 'referrals', 'referrals.b', 'B')
    report('fa', 'referrals', 'referrals.a', 'A again')
    report('fa', 'common', 'error.x', 'X')
    expect(send).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1000)
    expect(send.mock.calls).toEqual([
      ['/locales/add/fa/referrals', { 'referrals.a': 'A', 'referrals.b': 'B' }],
      ['/locales/add/fa/common', { 'error.x': 'X' }],
    ])
    report('fa', 'referrals', 'referrals.a', 'A')
    vi.advanceTimersByTime(1000)
    expect(send).toHaveBeenCalledTimes(2)
  })
})
