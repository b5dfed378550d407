/**
 * Accounts of every user: search by phone (a substring), filter by status and validation outcome (in the URL),
 * newest first, paged by cursor; operators override a status with a reason.
 */
import { AccountStatusSchema, ValidationStatusSchema } from '@app/contract'
import { type OpsFoundAccount, opsAccountCalls } from '@app/contract/ops'
import { useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { AccountStatusOverride } from '#lib/account-status.tsx'
import { Usdt } from '#lib/amounts.tsx'
import { DataTable } from '#lib/data-table.tsx'
import { type FilterField, FilterForm, useUrlFilters } from '#lib/filters.tsx'
import { usePagedList } from '#lib/paged.ts'

const FILTERS: FilterField[] = [
  { key: 'phone', label: 'Phone contains', inputMode: 'tel' },
  { key: 'status', label: 'Status', options: AccountStatusSchema.options },
  { key: 'validationStatus', label: 'Validation', options: ValidationStatusSchema.options },
]

export function AccountsScreen() {
  const filters = useUrlFilters(FILTERS)
  const client = useQueryClient()
  const pages = usePagedList('accounts', opsAccountCalls.search, filters)
  const columns = useMemo<ColumnDef<OpsFoundAccount, unknown>[]>(
    () => [
      { header: 'Phone', accessorKey: 'phone', cell: (c) => <code>{String(c.getValue())}</code> },
      { header: 'Country', accessorKey: 'country' },
      {
        header: 'Status',
        accessorKey: 'status',
        cell: (c) => <span className={`badge ${c.getValue()}`}>{String(c.getValue())}</span>,
      },
      {
        header: 'Validation',
        accessorKey: 'validationStatus',
        cell: (c) => <span className={`badge ${c.getValue()}`}>{String(c.getValue())}</span>,
      },
      { header: 'Limit', accessorKey: 'limitStatus' },
      {
        header: 'Net (USDT)',
        accessorKey: 'net',
        cell: (c) => <Usdt value={String(c.getValue())} />,
      },
      { header: 'Submitted by', accessorKey: 'submitType' },
      {
        header: 'User',
        accessorKey: 'telegramId',
        cell: (c) =>
          c.getValue() === null ? (
            <span className="muted">email only</span>
          ) : (
            <Link to={`/users?telegramId=${c.getValue()}`}>{String(c.getValue())}</Link>
          ),
      },
      {
        header: 'Created',
        accessorKey: 'createdAt',
        cell: (c) => new Date(String(c.getValue())).toLocaleString(),
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) => (
          <AccountStatusOverride
            account={row.original}
            onChanged={() => void client.invalidateQueries({ queryKey: ['accounts'] })}
          />
        ),
      },
    ],
    [client],
  )
  return (
    <section>
      <header className="screen-header">
        <h1>Accounts</h1>
      </header>
      <FilterForm fields={FILTERS} />
      <DataTable
        columns={columns}
        query={pages}
        empty="No accounts match these filters."
        more="Older accounts"
      />
    </section>
  )
}
