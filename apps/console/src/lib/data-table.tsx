/**
 * Every list of the console: TanStack Table over the rows of a query, with loading, empty and error states in words.
 * The query is either a plain one answering the rows, or an infinite one answering cursor pages (`{ items, nextPage }`),
 * whose next page a button fetches while there is one.
 */
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { Fragment, type ReactNode, useMemo } from 'react'

type QueryState = { isLoading: boolean; error: Error | null; refetch: () => unknown }
/** A `useQuery` answering the rows. */
type RowsQuery<T> = QueryState & { data: T[] | undefined }
/** A `useInfiniteQuery` answering cursor pages. */
type PagedQuery<T> = QueryState & {
  data: { pages: { items: T[] }[] } | undefined
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}
export type ListQuery<T> = RowsQuery<T> | PagedQuery<T>

const isPaged = <T,>(query: ListQuery<T>): query is PagedQuery<T> => 'fetchNextPage' in query

/** The rows a list query has so far (every page of an infinite one). */
function rowsOf<T>(query: ListQuery<T>): T[] | undefined {
  if (isPaged(query)) return query.data?.pages.flatMap((page) => page.items)
  return query.data
}

type Props<T> = {
  columns: ColumnDef<T, unknown>[]
  query: ListQuery<T>
  /** The rows to show when not the query's own (filtered or sorted from them). */
  rows?: T[] | undefined
  empty: string
  /** The label of the next page's button (infinite queries). */
  more?: string
  /** What opens under a row, across the table (its detail), or null. */
  detail?: (row: T) => ReactNode
}

const NO_ROWS: never[] = []

/** A column's header when it is words: on a narrow screen each cell shows it before its value (console.css). */
const labelOf = (header: unknown) => (typeof header === 'string' && header !== '' ? header : undefined)

export function DataTable<T>({ columns, query, rows, empty, more = 'More', detail }: Props<T>) {
  // Stable between renders: a new array each time makes the table recompute its rows and reset its page index, a
  // state change that renders again, so a navigation (a transition) away from the list never got to commit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows change only with the query's data
  const data = useMemo(() => rows ?? rowsOf(query), [rows, query.data])
  const table = useReactTable({
    columns,
    data: data ?? NO_ROWS,
    getCoreRowModel: getCoreRowModel(),
    // Pages come from the server (cursors); the table never pages by itself.
    autoResetPageIndex: false,
  })
  if (query.error)
    return (
      <div className="state error" role="alert">
        <p>{query.error.message}</p>
        <button type="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    )
  if (query.isLoading) return <div className="state">Loading…</div>
  if (!data || data.length === 0) return <div className="state">{empty}</div>
  return (
    <>
      <table className="table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id}>{flexRender(header.column.columnDef.header, header.getContext())}</th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const opened = detail?.(row.original) ?? null
            return (
              <Fragment key={row.id}>
                <tr>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} data-label={labelOf(cell.column.columnDef.header)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
                {opened === null ? null : (
                  <tr className="detail-row">
                    <td colSpan={row.getVisibleCells().length}>{opened}</td>
                  </tr>
                )}
              </Fragment>
            )
          })}
        </tbody>
      </table>
      {isPaged(query) && query.hasNextPage ? (
        <button
          type="button"
          className="more"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : more}
        </button>
      ) : null}
    </>
  )
}

/** A failed change's error in the server's words (nothing while there is none). */
export function MutationError({
  error,
  inline = false,
}: {
  error: Error | null | undefined
  inline?: boolean
}) {
  if (!error) return null
  return inline ? (
    <span className="form-error" role="alert">
      {error.message}
    </span>
  ) : (
    <p className="form-error" role="alert">
      {error.message}
    </p>
  )
}
