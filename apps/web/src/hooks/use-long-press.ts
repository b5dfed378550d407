import { type PointerEvent, useCallback, useEffect, useRef } from 'react'
import { LONG_PRESS_MS } from '#config/constants.ts'

/** Press and hold: `onLongPress` fires once the pointer stays down `ms`; lifting or leaving cancels. */
export function useLongPress(onLongPress: () => void, ms = LONG_PRESS_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latest = useRef(onLongPress)
  latest.current = onLongPress
  const cancel = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = undefined
  }, [])
  useEffect(() => cancel, [cancel])
  const start = useCallback(
    (event: PointerEvent) => {
      if (event.button !== 0 && event.pointerType === 'mouse') return
      cancel()
      timer.current = setTimeout(() => {
        timer.current = undefined
        latest.current()
      }, ms)
    },
    [cancel, ms],
  )
  return {
    onPointerDown: start,
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu: (event: { preventDefault: () => void }) => event.preventDefault(),
  }
}
