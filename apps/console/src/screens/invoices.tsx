/**
 * The invoices: the confirmation queue oldest first (every invoice newest first with "all"; the status in the URL),
 * paged by cursor; confirm, reject with a reason, mark validating; bulk confirm.
 */
import { type OpsInvoiceRow, opsInvoiceCalls } from '@app/contract/ops'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Usdt } from '#lib/amounts.tsx'
import { call } from '#lib/api.ts'
import { DataTable, MutationError } from '#lib/data-table.tsx'
import { usePagedList } from '#lib/paged.ts'
import { ReasonDialog } from '#lib/reason-dialog.tsx'
import { useCan } from '#lib/session.tsx'
import { UserCell } from '#lib/user-cell.tsx'

type Invoice = OpsInvoiceRow
const STATUSES = ['pending', 'validating', 'confirmed', 'rejected']

export function InvoicesScreen() {
  const [params, setParams] = useSearchParams()
  const status = params.get('status') ?? 'pending'
  const client = useQueryClient()
  const canAct = useCan('operator')
  const [rejecting, setRejecting] = useState<string | undefined>()
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const list = usePagedList('invoices', opsInvoiceCalls.list, {
    status: status === 'all' ? undefined : status,
  })
  const move = useMutation({
    mutationFn: ({
      uid,
      to,
      reason,
    }: {
      uid: string
      to: 'confirm' | 'reject' | 'validate'
      reason?: string
    }) =>
      call(opsInvoiceCalls.move, {
        params: { uid, move: to },
        body: reason === undefined ? undefined : { reason },
      }),
    onSuccess: () => {
      setRejecting(undefined)
      void client.invalidateQueries({ queryKey: ['invoices'] })
      void client.invalidateQueries({ queryKey: ['overview'] })
    },
  })
  const bulk = useMutation({
    mutationFn: async (uids: string[]) => {
      for (const uid of uids) await call(opsInvoiceCalls.move, { params: { uid, move: 'confirm' } })
    },
    onSettled: () => {
      setSelected(new Set())
      void client.invalidateQueries({ queryKey: ['invoices'] })
    },
  })
  const columns = useMemo<ColumnDef<Invoice, unknown>[]>(
    () => [
      ...(canAct && status === 'pending'
        ? [
            {
              id: 'pick',
              header: 'Pick',
              cell: ({ row }: { row: { original: Invoice } }) => (
                <input
                  type="checkbox"
                  aria-label={`Pick ${row.original.uid}`}
                  checked={selected.has(row.original.uid)}
                  onChange={(event) => {
                    const next = new Set(selected)
                    if (event.target.checked) next.add(row.original.uid)
                    else next.delete(row.original.uid)
                    setSelected(next)
                  }}
                />
              ),
            } satisfies ColumnDef<Invoice, unknown>,
          ]
        : []),
      {
        header: 'Invoice',
        accessorKey: 'uid',
        cell: (c) => <code title={String(c.getValue())}>{String(c.getValue()).slice(0, 8)}</code>,
      },
      {
        header: 'Amount (USDT)',
        accessorKey: 'amount',
        cell: (c) => <Usdt value={String(c.getValue())} />,
      },
      {
        header: 'User',
        accessorKey: 'telegramId',
        cell: ({ row }) => (
          <UserCell telegramId={row.original.telegramId} firstName={row.original.firstName} />
        ),
      },
      {
        header: 'Accounts',
        accessorKey: 'accountCount',
        cell: (c) => <span className="num">{String(c.getValue())}</span>,
      },
      {
        header: 'Referral part',
        accessorKey: 'referralEarnings',
        cell: (c) => <Usdt value={String(c.getValue())} />,
      },
      {
        header: 'Confirmation',
        accessorKey: 'confirmationStatus',
        cell: (c) => <span className={`badge ${c.getValue()}`}>{String(c.getValue())}</span>,
      },
      { header: 'Payment', accessorKey: 'paymentStatus' },
      {
        header: 'Created',
        accessorKey: 'createdAt',
        cell: (c) => new Date(String(c.getValue())).toLocaleString(),
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) =>
          canAct ? (
            <div className="row-actions">
              {row.original.confirmationStatus !== 'confirmed' &&
              row.original.confirmationStatus !== 'rejected' ? (
                <>
                  <button
                    type="button"
                    className="primary"
                    disabled={move.isPending}
                    onClick={() => move.mutate({ uid: row.original.uid, to: 'confirm' })}
                  >
                    Confirm
                  </button>
                  <button type="button" className="danger" onClick={() => setRejecting(row.original.uid)}>
                    Reject
                  </button>
                </>
              ) : null}
              {row.original.confirmationStatus === 'pending' ? (
                <button type="button" onClick={() => move.mutate({ uid: row.original.uid, to: 'validate' })}>
                  Mark validating
                </button>
              ) : null}
            </div>
          ) : null,
      },
    ],
    [canAct, status, selected, move],
  )
  return (
    <section>
      <header className="screen-header">
        <h1>Invoices</h1>
        <label className="filter">
          Status
          <select value={status} onChange={(event) => setParams({ status: event.target.value })}>
            {[...STATUSES, 'all'].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        {selected.size > 0 ? (
          <button
            type="button"
            className="primary"
            disabled={bulk.isPending}
            onClick={() => {
              if (window.confirm(`Confirm ${selected.size} invoice(s)?`)) bulk.mutate([...selected])
            }}
          >
            Confirm {selected.size} selected
          </button>
        ) : null}
      </header>
      <MutationError error={rejecting ? null : move.error} />
      <DataTable columns={columns} query={list} empty="No invoices here." more="More invoices" />
      {rejecting ? (
        <ReasonDialog
          title="Reject the invoice"
          confirm="Reject"
          pending={move.isPending}
          error={move.error?.message}
          onCancel={() => setRejecting(undefined)}
          onSubmit={(reason) => move.mutate({ uid: rejecting, to: 'reject', reason })}
        />
      ) : null}
    </section>
  )
}
