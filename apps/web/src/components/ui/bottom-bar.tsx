import type { ReactNode } from 'react'

/** Full-width actions pinned above the home indicator, like Telegram's main button. */
export function BottomBar({ children }: { children: ReactNode }) {
  return <div className="bottom-bar">{children}</div>
}
