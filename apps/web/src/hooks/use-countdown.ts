import { useCallback, useEffect, useRef, useState } from 'react'
import { COUNTDOWN_TICK_MS } from '#config/constants.ts'

/** Countdown timer states (spec section 4). */
export const CountdownState = {
  STARTED: 'STARTED',
  PAUSED: 'PAUSED',
  STOPPED: 'STOPPED',
  COMPLETED: 'COMPLETED',
} as const
export type CountdownState = (typeof CountdownState)[keyof typeof CountdownState]

export type Countdown = {
  /** Whole seconds left. */
  remaining: number
  state: CountdownState
  /** (Re)starts from `seconds` (default: the initial value). */
  start: (seconds?: number) => void
  pause: () => void
  resume: () => void
  stop: () => void
}

/**
 * Counts whole seconds down with a 1000 ms tick. Starts at once when `autoStart` (the default) and the
 * initial value is positive; a value of 0 or less is COMPLETED from the start.
 */
export function useCountdown(initialSeconds: number, { autoStart = true } = {}): Countdown {
  const initial = Math.max(0, Math.ceil(initialSeconds))
  const [remaining, setRemaining] = useState(initial)
  const [state, setState] = useState<CountdownState>(() => {
    if (initial <= 0) return CountdownState.COMPLETED
    return autoStart ? CountdownState.STARTED : CountdownState.STOPPED
  })
  const initialRef = useRef(initial)
  initialRef.current = initial

  useEffect(() => {
    if (state !== CountdownState.STARTED) return
    const timer = setInterval(() => {
      setRemaining((value) => {
        const next = Math.max(0, value - 1)
        if (next === 0) setState(CountdownState.COMPLETED)
        return next
      })
    }, COUNTDOWN_TICK_MS)
    return () => clearInterval(timer)
  }, [state])

  const start = useCallback((seconds?: number) => {
    const value = Math.max(0, Math.ceil(seconds ?? initialRef.current))
    setRemaining(value)
    setState(value > 0 ? CountdownState.STARTED : CountdownState.COMPLETED)
  }, [])
  const pause = useCallback(() => {
    setState((current) => (current === CountdownState.STARTED ? CountdownState.PAUSED : current))
  }, [])
  const resume = useCallback(() => {
    setState((current) => (current === CountdownState.PAUSED ? CountdownState.STARTED : current))
  }, [])
  const stop = useCallback(() => {
    setState(CountdownState.STOPPED)
    setRemaining(initialRef.current)
  }, [])

  return { remaining, state, start, pause, resume, stop }
}

/** 75 -> '01:15'; 3725 -> '1:02:05'. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  const two = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`
}
