import type { ReactNode } from 'react'

export type BadgeTone = 'accent' | 'success' | 'warning' | 'danger' | 'neutral'

export function Badge({ tone = 'accent', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>
}
