import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useInView } from '#hooks/use-in-view.ts'
import { Button } from './button.tsx'
import { LoadError } from './load-error.tsx'
import { Spinner } from './spinner.tsx'

type InfiniteListProps<Page extends { items: unknown[] }> = {
  /** A cursor-paged infinite query whose pages carry `items`. */
  query: UseInfiniteQueryResult<InfiniteData<Page>>
  /** The spinners' accessible name. */
  loadingText: string
  loadMoreText: string
  /** The first page failed: a placeholder with this text and Try again, or what the function draws. */
  error: string | ((retry: () => void) => ReactNode)
  /** Stands alone when there are no items; without it `children` draw the empty list as well. */
  empty?: ReactNode
  /** Part of a screen rather than the screen: the first page loads with the small spinner. */
  inline?: boolean
  sentinelTestId: string
  /** The rows (every page loaded so far) and the pages themselves (totals). */
  children: (items: Page['items'][number][], pages: Page[]) => ReactNode
}

/**
 * A list loaded page by page: a spinner, an error with Try again, the empty state, then the rows and a
 * sentinel after them. The next page loads when the sentinel scrolls into view, or with 'Load more'.
 * The screen's stylesheet @imports infinite-list.css.
 */
export function InfiniteList<Page extends { items: unknown[] }>({
  query,
  loadingText,
  loadMoreText,
  error,
  empty,
  inline = false,
  sentinelTestId,
  children,
}: InfiniteListProps<Page>) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const canLoadMore = hasNextPage && !isFetchingNextPage
  const sentinel = useInView<HTMLDivElement>(() => {
    if (canLoadMore) void fetchNextPage()
  }, query.isSuccess)

  if (query.isPending) {
    return inline ? (
      <div className="infinite-list__sentinel">
        <Spinner size={22} label={loadingText} />
      </div>
    ) : (
      <div className="infinite-list__loading">
        <Spinner label={loadingText} />
      </div>
    )
  }
  if (query.isError) {
    const retry = () => void query.refetch()
    return typeof error === 'string' ? <LoadError description={error} onRetry={retry} /> : error(retry)
  }

  const { pages } = query.data
  const items = pages.flatMap((page): Page['items'][number][] => page.items)
  if (items.length === 0 && empty !== undefined) return empty
  return (
    <>
      {children(items, pages)}
      <div ref={sentinel} className="infinite-list__sentinel" data-testid={sentinelTestId}>
        {isFetchingNextPage ? <Spinner size={22} label={loadingText} /> : null}
        {canLoadMore ? (
          <Button variant="plain" onClick={() => void fetchNextPage()}>
            {loadMoreText}
          </Button>
        ) : null}
      </div>
    </>
  )
}
