import { afterEach } from 'vitest'

/**
 * The app's clock, which a test moves on (past a code's cooldown, a flood window) with `later(seconds)`. Made in a
 * describe block; each test starts at the real time again, so a test that moves it by days leaves the next one
 * (signing Telegram init data with the real time, say) as it would find it in any order.
 */
export function movableClock() {
  let offsetMs = 0
  afterEach(() => {
    offsetMs = 0
  })
  return {
    now: () => new Date(Date.now() + offsetMs),
    later: (seconds: number) => {
      offsetMs += seconds * 1000
    },
  }
}
