/** A start-up refusal: `server.ts` prints its message as one line on stderr and exits 1. */
export class StartupError extends Error {
  override name = 'StartupError'
}

/** The shortest useful description of a low-level error (`ECONNREFUSED`, `password authentication failed`). */
export function describeCause(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describeCause(error.errors[0])
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code
    return error.message.split('\n')[0] || error.name
  }
  return String(error)
}
