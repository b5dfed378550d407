/** Every list of the console: TanStack Table over the rows, with loading, empty and error states in words. */
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table'

type Props<T> = {
  columns: ColumnDef<T, unknown>[]
  data: T[] | undefined
  isLoading: boolean
  error: Error | null
  empty: string
  onRetry?: () => void
}

export function DataTable<T>({ columns, data, isLoading, error, empty, onRetry }: Props<T>) {
  const table = useReactTable({ columns, data: data ?? [], getCoreRowModel: getCoreRowModel() })
  if (error)
    return (
      <div className="state error" role="alert">
        <p>{error.message}</p>
        {onRetry ? (
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        ) : null}
      </div>
    )
  if (isLoading) return <div className="state">Loading…</div>
  if (!data || data.length === 0) return <div className="state">{empty}</div>
  return (
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
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id}>
            {row.getVisibleCells().map((cell) => (
              <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

type Pages = {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

/** The next page of a list that pages by cursor (an infinite query), while there is one. */
export function LoadMore({ pages, label }: { pages: Pages; label: string }) {
  if (!pages.hasNextPage) return null
  return (
    <button
      type="button"
      className="more"
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? 'Loading…' : label}
    </button>
  )
}
