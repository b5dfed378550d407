import { QueryClient } from '@tanstack/react-query'
import { DEFAULT_STALE_TIME_MS } from '#config/constants.ts'
import { isApiError } from './api-error.ts'
import { onNetworkRecovered } from './network-status.ts'

/** Reads asked again after a failure: a network drop or a 5xx may pass; a 4xx will not (docs/web.md, 'Data'). */
const QUERY_RETRIES = 3

/** Client errors (4xx) will not change by asking again; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false
  return failureCount < QUERY_RETRIES
}

/** 1 s, 2 s, 4 s..., at most 15 s, each with up to a quarter more at random so clients do not ask in step. */
export function retryDelay(failureCount: number): number {
  const base = Math.min(1000 * 2 ** failureCount, 15_000)
  return Math.round(base * (1 + Math.random() / 4))
}

/** `retry: false` is for tests (TkDodo, 'Testing React Query'); the app keeps its retry policy. */
export function createQueryClient(options: { retry?: false } = {}): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        retry: options.retry ?? shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      // Never retried by themselves: a state-changing call is sent again only when the user asks, with the same
      // idempotency key (lib/idempotency-keys.ts). 'always': offline, it fails at once and the form keeps its
      // values, instead of waiting paused behind a spinner.
      mutations: { retry: false, networkMode: 'always' },
    },
  })
  // The server answers again after an outage: what is on screen and stale or failed is fetched again.
  onNetworkRecovered(() => {
    void client.refetchQueries({ type: 'active', stale: true })
  })
  return client
}
