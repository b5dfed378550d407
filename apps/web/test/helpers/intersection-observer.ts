import { vi } from 'vitest'

/** The browser edge for infinite lists: tests decide when the sentinel scrolls into view. */
export function installIntersectionObserver() {
  const observers = new Set<FakeObserver>()
  class FakeObserver {
    elements = new Set<Element>()
    private readonly callback: IntersectionObserverCallback
    constructor(callback: IntersectionObserverCallback) {
      this.callback = callback
      observers.add(this)
    }
    observe(element: Element) {
      this.elements.add(element)
    }
    unobserve(element: Element) {
      this.elements.delete(element)
    }
    disconnect() {
      this.elements.clear()
      observers.delete(this)
    }
    takeRecords() {
      return []
    }
    fire() {
      const entries = [...this.elements].map(
        (target) => ({ isIntersecting: true, target }) as unknown as IntersectionObserverEntry,
      )
      if (entries.length) this.callback(entries, this as unknown as IntersectionObserver)
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  return {
    /** Some element is observed: the list's effect has run (after the rows are drawn). */
    observing: () => [...observers].some((observer) => observer.elements.size > 0),
    /** Scrolls every observed element into view. */
    scrollIntoView: () => {
      for (const observer of observers) observer.fire()
    },
  }
}
