import { useEffect, useRef } from 'react'

/**
 * Screens can take over the native back button (e.g. to ask 'Edit number?' first). The most recently
 * mounted handler wins; without one, the root controller simply goes back.
 */
type BackHandler = () => void

const handlers: BackHandler[] = []

export function currentBackHandler(): BackHandler | undefined {
  return handlers[handlers.length - 1]
}

export function useBackHandler(handler: BackHandler): void {
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => {
    const entry: BackHandler = () => latest.current()
    handlers.push(entry)
    return () => {
      const index = handlers.lastIndexOf(entry)
      if (index >= 0) handlers.splice(index, 1)
    }
  }, [])
}
