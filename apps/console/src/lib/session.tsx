/**
 * Who is signed in, asked of the server (`GET /ops/session`); the role decides what the console offers, and the
 * server decides again on every call (docs/console.md).
 */
import { type OperatorMe, type OperatorRole, opsOperatorCalls } from '@app/contract/ops'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useContext, useEffect } from 'react'
import { call, setUnauthorizedHandler } from './api.ts'

const SessionContext = createContext<OperatorMe | undefined>(undefined)

export const sessionKey = ['session'] as const

export function useSessionQuery() {
  const client = useQueryClient()
  useEffect(() => setUnauthorizedHandler(() => client.setQueryData(sessionKey, null)), [client])
  return useQuery({
    queryKey: sessionKey,
    queryFn: async () => {
      try {
        return await call(opsOperatorCalls.me)
      } catch (error) {
        if ((error as { status?: number }).status === 401) return null
        throw error
      }
    },
    staleTime: 60_000,
  })
}

export function SessionProvider({ me, children }: { me: OperatorMe; children: ReactNode }) {
  return <SessionContext.Provider value={me}>{children}</SessionContext.Provider>
}

export function useMe(): OperatorMe {
  const me = useContext(SessionContext)
  if (!me) throw new Error('useMe outside a session')
  return me
}

const RANK: Record<OperatorRole, number> = { viewer: 0, operator: 1, admin: 2 }
/** Whether the signed-in operator's role reaches `role` (the console hides what the server would refuse). */
export function useCan(role: OperatorRole): boolean {
  return RANK[useMe().role] >= RANK[role]
}
