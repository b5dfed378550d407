import type { ReactNode } from 'react'

export function Badge({
  tone = 'accent',
  children,
}: {
  tone?: 'accent' | 'success' | 'warning' | 'danger' | 'neutral'
  children: ReactNode
}) {
  return <span className={`badge badge--${tone}`}>{children}</span>
}
