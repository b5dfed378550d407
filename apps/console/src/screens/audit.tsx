/**
 * The audit log, newest first, filtered by operator, object, action and date (in the URL), paged by cursor. Sign-ins
 * and sign-outs are the object type `session` (docs/console.md).
 */
import { type AuditEntry, opsOperatorCalls } from '@app/contract/ops'
import type { ColumnDef } from '@tanstack/react-table'
import { Link } from 'react-router'
import { AuditChange } from '#lib/audit-diff.tsx'
import { DataTable } from '#lib/data-table.tsx'
import { type FilterField, FilterForm, useUrlFilters } from '#lib/filters.tsx'
import { usePagedList } from '#lib/paged.ts'

/** What the log records changes of; `session` is operators signing in and out. */
const OBJECT_TYPES = [
  'session',
  'invoice',
  'transaction',
  'account',
  'user',
  'setting',
  'order',
  'rate',
  'news',
  'invite',
  'operator',
] as const
const FILTERS: FilterField[] = [
  { key: 'actor', label: 'Operator' },
  { key: 'objectType', label: 'Object type', options: OBJECT_TYPES },
  { key: 'objectId', label: 'Object id' },
  { key: 'action', label: 'Action' },
  { key: 'from', label: 'From (date)', type: 'date' },
  { key: 'to', label: 'Before (date)', type: 'date' },
]

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
    header: 'Change',
    id: 'change',
    cell: ({ row }) => (
      <AuditChange id={row.original.id} before={row.original.before} after={row.original.after} />
    ),
  },
  { header: 'Reason', accessorKey: 'reason', cell: (c) => String(c.getValue() ?? '') },
]

export function AuditScreen() {
  const filters = useUrlFilters(FILTERS)
  const pages = usePagedList('audit', opsOperatorCalls.audit, filters)
  return (
    <section>
      <header className="screen-header">
        <h1>Audit log</h1>
        <nav className="quick-filters" aria-label="Shortcuts">
          <Link to="/audit?objectType=session">Sign-ins and sign-outs</Link>
          <Link to="/audit?objectType=session&action=session.login_failed">Failed sign-ins</Link>
        </nav>
      </header>
      <FilterForm key={JSON.stringify(filters)} fields={FILTERS} />
      <DataTable
        columns={columns}
        query={pages}
        empty="Nothing recorded for these filters."
        more="Older entries"
      />
    </section>
  )
}
