import { createContext, type ReactNode, useContext } from 'react'

/**
 * Outside Telegram there is no native BackButton, so the page header draws an arrow. The root layout provides
 * what a press does (the same as Telegram's button: the screen's own handler, else history, else home) and
 * null where there is nowhere to go back to; inside Telegram it provides nothing.
 */
const PageBackContext = createContext<(() => void) | null>(null)

export function PageBackProvider({ onBack, children }: { onBack: (() => void) | null; children: ReactNode }) {
  return <PageBackContext value={onBack}>{children}</PageBackContext>
}

export function usePageBack(): (() => void) | null {
  return useContext(PageBackContext)
}
