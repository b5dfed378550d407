import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CountdownState, formatDuration, useCountdown } from '#hooks/use-countdown.ts'
import { formatTimestamp } from '#lib/format.ts'

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('ticks once a second from STARTED to COMPLETED', () => {
    const { result } = renderHook(() => useCountdown(3))
    expect(result.current).toMatchObject({ remaining: 3, state: CountdownState.STARTED })
    act(() => vi.advanceTimersByTime(999))
    expect(result.current.remaining).toBe(3)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current.remaining).toBe(2)
    act(() => vi.advanceTimersByTime(2000))
    expect(result.current).toMatchObject({ remaining: 0, state: CountdownState.COMPLETED })
  })

  it('pauses, resumes, stops and restarts', () => {
    const { result } = renderHook(() => useCountdown(10))
    act(() => vi.advanceTimersByTime(2000))
    act(() => result.current.pause())
    act(() => vi.advanceTimersByTime(5000))
    expect(result.current).toMatchObject({ remaining: 8, state: CountdownState.PAUSED })
    act(() => result.current.resume())
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current).toMatchObject({ remaining: 7, state: CountdownState.STARTED })
    act(() => result.current.stop())
    act(() => vi.advanceTimersByTime(3000))
    expect(result.current).toMatchObject({ remaining: 10, state: CountdownState.STOPPED })
    act(() => result.current.start(2))
    expect(result.current).toMatchObject({ remaining: 2, state: CountdownState.STARTED })
  })

  it('is COMPLETED at once for nothing to wait', () => {
    const { result } = renderHook(() => useCountdown(0))
    expect(result.current.state).toBe(CountdownState.COMPLETED)
  })

  it('can wait for a start', () => {
    const { result } = renderHook(() => useCountdown(5, { autoStart: false }))
    act(() => vi.advanceTimersByTime(3000))
    expect(result.current).toMatchObject({ remaining: 5, state: CountdownState.STOPPED })
  })
})

describe('formatting', () => {
  it('durations', () => {
    expect(formatDuration(75)).toBe('01:15')
    expect(formatDuration(3725)).toBe('1:02:05')
    expect(formatDuration(-3)).toBe('00:00')
  })

  it('timestamps as MM/DD HH:mm from unix seconds', () => {
    const seconds = new Date(2024, 0, 5, 9, 7, 30).getTime() / 1000
    expect(formatTimestamp(seconds)).toBe('01/05 09:07')
  })
})
