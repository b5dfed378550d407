import { type Language, newsCalls, PAGE_SIZE } from '@app/contract'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'
import { newsKeys } from './news-keys.ts'

/**
 * GET /news?cursor&size=24&lng: newest first. `lng` is the language the app shows, so every item comes in it when
 * it has that text (English otherwise), whatever the account's Telegram language.
 */
function getNews(cursor: string | undefined, lng: Language, signal?: AbortSignal) {
  return call(newsCalls.list, { query: { cursor, size: PAGE_SIZE, lng } }, { signal })
}

function newsInfiniteQueryOptions(lng: Language) {
  return infiniteQueryOptions({
    queryKey: newsKeys.list(lng, PAGE_SIZE),
    queryFn: ({ pageParam, signal }) => getNews(pageParam, lng, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextPage ?? undefined,
    // Operators publish while the user is away: show the cache, refresh behind it.
    staleTime: 0,
  })
}

export function useNews(lng: Language) {
  return useInfiniteQuery(newsInfiniteQueryOptions(lng))
}
