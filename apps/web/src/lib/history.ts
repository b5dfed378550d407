/** React Router keeps its history index in history.state; 0 means this is the first entry of the app. */
export function canGoBackInApp(): boolean {
  const state: unknown = window.history.state
  return (
    !!state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' && state.idx > 0
  )
}
