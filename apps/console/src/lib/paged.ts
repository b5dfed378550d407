/** A list the server pages by cursor (`{ items, nextPage }`), as an infinite query: one page per "More" press. */
import type { Answer, Endpoint } from '@app/contract'
import { useInfiniteQuery } from '@tanstack/react-query'
import { call } from './api.ts'

/**
 * The list `endpoint` answers (a GET taking `cursor` and `limit`, answering a page) with `filters` (unset values
 * left out), `size` rows a page; its key starts with `key`.
 */
export function usePagedList<E extends Endpoint>(
  key: string,
  endpoint: E,
  filters: Record<string, string | undefined>,
  options: { size?: number; enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    queryKey: [key, filters],
    enabled: options.enabled ?? true,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      call(endpoint as Endpoint, {
        query: { ...filters, cursor: pageParam, limit: options.size ?? 50 },
      }) as Promise<Answer<E>>,
    getNextPageParam: (last: Answer<E>) => (last as { nextPage: string | null }).nextPage ?? undefined,
  })
}
