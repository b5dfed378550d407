/** A list the server pages by cursor (`{ items, nextPage }`), as an infinite query: one page per "More" press. */
import { useInfiniteQuery } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { api, query } from './api.ts'

type PageSchema = z.ZodMiniType<{ items: unknown[]; nextPage: string | null }>

/** The list at `path` with `filters` (unset values left out), `size` rows a page; its key starts with `key`. */
export function usePagedList<S extends PageSchema>(
  key: string,
  schema: S,
  path: string,
  filters: Record<string, string | undefined>,
  options: { size?: number; enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    queryKey: [key, filters],
    enabled: options.enabled ?? true,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api(schema, 'GET', `${path}${query({ ...filters, cursor: pageParam, limit: options.size ?? 50 })}`),
    getNextPageParam: (last: z.infer<S>) => last.nextPage ?? undefined,
  })
}
