/** For the console's component tests: a screen in a router at a URL, with a query client and a signed-in role. */
import { OPS_ENDPOINTS, type OperatorRole, type OpsTransaction, type Overview } from '@app/contract/ops'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation } from 'react-router'
import { vi } from 'vitest'
import { SessionProvider } from '#lib/session.tsx'

/** The URL the screen is at now (filters live there). */
export const location = { current: '' }
function WhereAmI() {
  const at = useLocation()
  location.current = `${at.pathname}${at.search}`
  return null
}

export function renderScreen(
  screen: ReactNode,
  { url = '/', role = 'admin', login = 'sara' }: { url?: string; role?: OperatorRole; login?: string } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <SessionProvider me={{ login, role, csrfToken: null, expiresAt: null }}>
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
 * unknown path answers 404, and an answer that is a `Response` (an error) goes out as it is.
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
      const answered = answer(url, init)
      if (answered instanceof Response) return answered
      return new Response(JSON.stringify(answered), { status: successStatusOf(method, url.pathname) })
    }),
  )
  return calls
}

/** A transaction's chain check as the server answers it: none yet; `overrides` change any field. */
export function opsChainCheck(
  overrides: Partial<OpsTransaction['chainCheck']> = {},
): OpsTransaction['chainCheck'] {
  return {
    state: 'none',
    confirmations: null,
    required: null,
    reason: null,
    checkedAt: null,
    explorerUrl: null,
    ...overrides,
  }
}

/** A transaction as `GET /ops/transactions` answers it: pending TRX, no approval needed; `overrides` change any field. */
export function opsTransaction(overrides: Partial<OpsTransaction> = {}): OpsTransaction {
  return {
    uid: '00000000-0000-4000-8000-000000000001',
    invoiceUid: '00000000-0000-4000-8000-000000000009',
    telegramId: 884000001,
    firstName: 'Sara',
    currency: 'trx',
    status: 'pending',
    amount: '10',
    userFee: '0',
    rate: '3.5',
    net: '35',
    valueUsdt: '10',
    receiverAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    bankCard: null,
    txid: null,
    senderAddress: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    paidAt: null,
    fourEyes: { required: false, approvalAbove: '0', approvals: [] },
    chainCheck: opsChainCheck(),
    ...overrides,
  }
}

/** `GET /ops/overview` with nothing waiting and no chain read; `overrides` change any field. */
export function opsOverview(overrides: Partial<Overview> = {}): Overview {
  return {
    invoicesAwaitingConfirmation: 0,
    accountsAwaitingValidation: 0,
    payoutsPending: 0,
    payoutsBroadcasting: 0,
    payoutsInReview: 0,
    payoutsAwaitingConfirmations: 0,
    payoutsConfirmationsExpired: 0,
    owed: '0',
    paidToday: '0',
    paidTotal: '0',
    ledgerCheck: null,
    ledgerProblems: [],
    chainCheck: { trx: false, usdt: false },
    oldestSince: {
      accountsAwaitingValidation: null,
      invoicesAwaitingConfirmation: null,
      payoutsPending: null,
      payoutsBroadcasting: null,
      payoutsInReview: null,
      botOutbox: null,
      emailOutbox: null,
    },
    at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}

/** An error answer as the server's error handler writes it. */
export const errorAnswer = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ statusCode: status, code, message }), { status })
