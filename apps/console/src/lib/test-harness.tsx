/** For the console's component tests: a screen in a router at a URL, with a query client and a signed-in role. */
import { OPS_ENDPOINTS, type OperatorRole } from '@app/contract/ops'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation } from 'react-router'
import { vi } from 'vitest'
import { SessionProvider } from './session.tsx'

/** The URL the screen is at now (filters live there). */
export const location = { current: '' }
function WhereAmI() {
  const at = useLocation()
  location.current = `${at.pathname}${at.search}`
  return null
}

export function renderScreen(
  screen: ReactNode,
  { url = '/', role = 'admin' }: { url?: string; role?: OperatorRole } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <SessionProvider me={{ login: 'sara', role, csrfToken: null, expiresAt: null }}>
          {screen}
          <WhereAmI />
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** The success status the contract declares for the call (201 for a creation), as the server answers it. */
function successStatusOf(method: string, path: string): number {
  const endpoint = OPS_ENDPOINTS.find(
    (candidate) =>
      candidate.method === method && new RegExp(`^${candidate.path.replace(/:\w+/g, '[^/]+')}$`).test(path),
  )
  const declared = Object.keys(endpoint?.responses ?? {}).map(Number)
  return declared.find((status) => status >= 200 && status < 300) ?? 200
}

/**
 * Answers `fetch` by path (without the query) with the call's declared success status, records every call; an
 * unknown path answers 404.
 */
export function fakeApi(answers: Record<string, (url: URL, init: RequestInit | undefined) => unknown>) {
  const calls: { method: string; url: URL; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://console.test')
      const method = init?.method ?? 'GET'
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined })
      const answer = answers[`${method} ${url.pathname}`]
      if (!answer)
        return new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }), {
          status: 404,
        })
      return new Response(JSON.stringify(answer(url, init)), {
        status: successStatusOf(method, url.pathname),
      })
    }),
  )
  return calls
}
