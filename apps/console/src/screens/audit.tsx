/** The audit log, newest first, filtered by operator, object and date (in the URL), paged by cursor. */
import { type AuditEntry, AuditPageSchema } from '@app/contract/ops'
import { useInfiniteQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { api, query } from '../lib/api.ts'
import { DataTable, LoadMore } from '../lib/data-table.tsx'
import { type FilterField, FilterForm, useUrlFilters } from '../lib/filters.tsx'

const FILTERS: FilterField[] = [
  { key: 'actor', label: 'Operator' },
  { key: 'objectType', label: 'Object type' },
  { key: 'objectId', label: 'Object id' },
  { key: 'from', label: 'From (date)', type: 'date' },
  { key: 'to', label: 'Before (date)', type: 'date' },
]

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value))

const columns: ColumnDef<AuditEntry, unknown>[] = [
  { header: 'When', accessorKey: 'at', cell: (c) => new Date(String(c.getValue())).toLocaleString() },
  { header: 'Operator', accessorKey: 'actor' },
  { header: 'Action', accessorKey: 'action', cell: (c) => <code>{String(c.getValue())}</code> },
  {
    header: 'Object',
    id: 'object',
    cell: ({ row }) => `${row.original.objectType} ${row.original.objectId ?? ''}`,
  },
  {
    header: 'Before',
    id: 'before',
    cell: ({ row }) => <code className="json">{json(row.original.before)}</code>,
  },
  {
    header: 'After',
    id: 'after',
    cell: ({ row }) => <code className="json">{json(row.original.after)}</code>,
  },
  { header: 'Reason', accessorKey: 'reason', cell: (c) => String(c.getValue() ?? '') },
]

export function AuditScreen() {
  const filters = useUrlFilters(FILTERS)
  const pages = useInfiniteQuery({
    queryKey: ['audit', filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api(AuditPageSchema, 'GET', `/ops/audit${query({ ...filters, cursor: pageParam, limit: 50 })}`),
    getNextPageParam: (last) => last.nextPage ?? undefined,
  })
  const rows = pages.data?.pages.flatMap((page) => page.items)
  return (
    <section>
      <header className="screen-header">
        <h1>Audit log</h1>
      </header>
      <FilterForm fields={FILTERS} />
      <DataTable
        columns={columns}
        data={rows}
        isLoading={pages.isLoading}
        error={pages.error}
        empty="Nothing recorded for these filters."
        onRetry={() => void pages.refetch()}
      />
      <LoadMore pages={pages} label="Older entries" />
    </section>
  )
}
