import { createContext, type ReactNode, useContext } from 'react'
import type { LaunchParams } from './launch-params.ts'

const LaunchParamsContext = createContext<LaunchParams | null>(null)

export function LaunchParamsProvider({
  value,
  children,
}: {
  value: LaunchParams | null
  children: ReactNode
}) {
  return <LaunchParamsContext value={value}>{children}</LaunchParamsContext>
}

/** The launch parameters read at start, or null when the page was not opened by Telegram. */
export function useLaunchParams(): LaunchParams | null {
  return useContext(LaunchParamsContext)
}

/** No Telegram launch at all: a plain browser, where the app signs in by email and draws its own back arrow. */
export function useBrowserMode(): boolean {
  return useContext(LaunchParamsContext) === null
}
