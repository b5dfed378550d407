import type { ReactNode } from 'react'
import { BottomBar } from '../ui/bottom-bar.tsx'

type PageProps = {
  title?: ReactNode
  children: ReactNode
  footer?: ReactNode
  /** Full-width actions pinned to the bottom. */
  actions?: ReactNode
  testId?: string
}

/** A screen: safe-area padding, a large title, content, and optional bottom actions. */
export function Page({ title, children, footer, actions, testId }: PageProps) {
  return (
    <main className={actions ? 'page page--with-bottom-bar' : 'page'} data-testid={testId}>
      {title ? <h1 className="page__title">{title}</h1> : null}
      {children}
      {footer ? <footer className="page__footer">{footer}</footer> : null}
      {actions ? <BottomBar>{actions}</BottomBar> : null}
    </main>
  )
}
