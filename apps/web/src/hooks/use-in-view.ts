import { type RefObject, useEffect, useRef } from 'react'

/**
 * Calls `onEnter` whenever the element scrolls into view (infinite lists: the sentinel after the last row).
 * Without IntersectionObserver nothing happens; lists also offer a button.
 */
export function useInView<T extends Element>(onEnter: () => void, enabled = true): RefObject<T | null> {
  const ref = useRef<T>(null)
  const latest = useRef(onEnter)
  latest.current = onEnter
  useEffect(() => {
    const element = ref.current
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current()
      },
      { rootMargin: '200px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [enabled])
  return ref
}
