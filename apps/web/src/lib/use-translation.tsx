import type { Namespace } from '@app/contract'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import type { I18n, TFunction } from './i18n.ts'

const I18nContext = createContext<I18n | null>(null)

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>
}

/** The i18n instance without waiting for any file (to load namespaces, or translate once they are there). */
export function useI18n(): I18n {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('useTranslation needs an <I18nProvider>')
  return i18n
}

/**
 * `t` over these namespaces (default 'common'), in the user's language with English as the fallback.
 * Suspends until they are loaded (or gave up), so a screen never shows keys while its file is on the way.
 */
export function useTranslation(namespaces: Namespace | readonly Namespace[] = 'common'): {
  t: TFunction
  i18n: I18n
} {
  const i18n = useI18n()
  const list: readonly Namespace[] = typeof namespaces === 'string' ? [namespaces] : namespaces
  const pending = i18n.pending(list)
  // Suspense the way react-i18next does it, by throwing the loading promise. `use(pending)` works in the browser
  // too, but React's test `act` never retries a `use` that suspended inside a synchronous render.
  if (pending) throw pending
  const key = list.join()
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `list`, a new array each render.
  const t = useMemo(() => i18n.getFixedT(null, list), [i18n, key])
  return { t, i18n }
}
