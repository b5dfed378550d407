import { QueryClient } from '@tanstack/react-query'
import { DEFAULT_STALE_TIME_MS } from '../config/constants.ts'
import { isApiError } from './api-error.ts'

/** Client errors (4xx) will not change by asking again; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false
  return failureCount < 2
}

/** `retry: false` is for tests (TkDodo, 'Testing React Query'); the app keeps its retry policy. */
export function createQueryClient(options: { retry?: false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        retry: options.retry ?? shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}
