import { describe, expect, it } from 'vitest'
import { authCalls, dashboardCalls, firstScreenRoutes, healthCalls, localeCalls } from '../src/index.ts'

describe('first-screen routes', () => {
  it('are their declarations without the schemas', () => {
    const declarations = {
      authorize: authCalls.authorize,
      refresh: authCalls.refresh,
      logout: authCalls.logout,
      language: authCalls.language,
      dashboard: dashboardCalls.get,
      channelStatus: dashboardCalls.channelStatus,
      channelPrompt: dashboardCalls.channelPrompt,
      ready: healthCalls.ready,
      locale: localeCalls.get,
    }
    expect(Object.keys(firstScreenRoutes).sort()).toEqual(Object.keys(declarations).sort())
    for (const [name, declaration] of Object.entries(declarations)) {
      const { method, path, auth } = declaration
      expect(firstScreenRoutes[name as keyof typeof declarations], name).toEqual({ method, path, auth })
    }
  })
})
