import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_DURATION_MS } from '#config/constants.ts'
import { dismissToast, getToast, showToast, subscribeToast } from '#lib/toast.ts'

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    dismissToast()
    vi.useRealTimers()
  })

  it('stays its duration, then goes by itself', () => {
    showToast('Coming soon...')
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1)
    expect(getToast()?.message).toBe('Coming soon...')
    vi.advanceTimersByTime(1)
    expect(getToast()).toBeNull()
  })

  it('a new message replaces the old one and gets the whole duration again', () => {
    showToast('first')
    vi.advanceTimersByTime(TOAST_DURATION_MS - 100)
    showToast('second')
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1)
    expect(getToast()?.message).toBe('second')
    vi.advanceTimersByTime(1)
    expect(getToast()).toBeNull()
  })

  it('tells its listeners when it shows and when it is dismissed', () => {
    const seen: Array<string | null> = []
    const unsubscribe = subscribeToast(() => seen.push(getToast()?.message ?? null))
    showToast('hello')
    dismissToast()
    unsubscribe()
    showToast('unheard')
    expect(seen).toEqual(['hello', null])
  })
})
