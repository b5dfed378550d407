/** Orders per country: the price paid for an accepted account, how many are wanted, open or closed; admins change them. */
import {
  ChangeOrderBodySchema,
  CreateOrderBodySchema,
  type OrderSchema,
  opsOrderCalls,
} from '@app/contract/ops'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import type * as z from 'zod/mini'
import { Usdt } from '#lib/amounts.tsx'
import { call } from '#lib/api.ts'
import { DataTable, MutationError } from '#lib/data-table.tsx'
import { useCan } from '#lib/session.tsx'

type Order = z.infer<typeof OrderSchema>
type NewOrder = z.infer<typeof CreateOrderBodySchema>
type OrderChange = z.infer<typeof ChangeOrderBodySchema>

export function OrdersScreen() {
  const client = useQueryClient()
  const canChange = useCan('admin')
  const [editing, setEditing] = useState<string>()
  const list = useQuery({ queryKey: ['orders'], queryFn: () => call(opsOrderCalls.list) })
  const change = useMutation({
    mutationFn: ({ country, body }: { country: string; body: OrderChange }) =>
      call(opsOrderCalls.change, { params: { country }, body }),
    onSuccess: () => {
      setEditing(undefined)
      void client.invalidateQueries({ queryKey: ['orders'] })
    },
  })
  const columns = useMemo<ColumnDef<Order, unknown>[]>(
    () => [
      { header: 'Country', accessorKey: 'country', cell: (c) => <strong>{String(c.getValue())}</strong> },
      {
        header: 'Price (USDT)',
        accessorKey: 'price',
        cell: ({ row }) =>
          editing === row.original.country ? (
            <OrderEdit
              order={row.original}
              pending={change.isPending}
              onCancel={() => setEditing(undefined)}
              onSave={(body) => change.mutate({ country: row.original.country, body })}
            />
          ) : (
            <Usdt value={row.original.price} />
          ),
      },
      {
        header: 'Capacity',
        accessorKey: 'capacity',
        cell: ({ row }) =>
          editing === row.original.country ? null : <span className="num">{row.original.capacity}</span>,
      },
      {
        header: 'Open',
        accessorKey: 'isOpen',
        cell: (c) => (
          <span className={`badge ${c.getValue() ? 'success' : 'rejected'}`}>
            {c.getValue() ? 'open' : 'closed'}
          </span>
        ),
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) =>
          canChange && editing !== row.original.country ? (
            <div className="row-actions">
              <button type="button" onClick={() => setEditing(row.original.country)}>
                Change
              </button>
              <button
                type="button"
                disabled={change.isPending}
                onClick={() =>
                  change.mutate({ country: row.original.country, body: { isOpen: !row.original.isOpen } })
                }
              >
                {row.original.isOpen ? 'Close' : 'Open'}
              </button>
            </div>
          ) : null,
      },
    ],
    [canChange, editing, change],
  )
  return (
    <section>
      <header className="screen-header">
        <h1>Orders</h1>
      </header>
      <MutationError error={change.error} />
      <DataTable columns={columns} query={list} empty="No orders yet: no country takes accounts." />
      {canChange ? (
        <NewOrderForm onCreated={() => void client.invalidateQueries({ queryKey: ['orders'] })} />
      ) : null}
    </section>
  )
}

function OrderEdit({
  order,
  pending,
  onSave,
  onCancel,
}: {
  order: Order
  pending: boolean
  onSave: (body: OrderChange) => void
  onCancel: () => void
}) {
  const form = useForm<OrderChange>({
    resolver: zodResolver(ChangeOrderBodySchema),
    defaultValues: { price: order.price, capacity: order.capacity },
  })
  return (
    <form className="inline-form" onSubmit={form.handleSubmit(onSave)}>
      <input aria-label={`Price of ${order.country}`} size={8} {...form.register('price')} />
      <input
        aria-label={`Capacity of ${order.country}`}
        type="number"
        min={0}
        size={8}
        {...form.register('capacity', { valueAsNumber: true })}
      />
      <button type="submit" className="primary" disabled={pending}>
        Save
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {form.formState.errors.capacity ? <span className="field-error">A whole number, 0 or more</span> : null}
    </form>
  )
}

function NewOrderForm({ onCreated }: { onCreated: () => void }) {
  const form = useForm<NewOrder>({
    resolver: zodResolver(CreateOrderBodySchema),
    defaultValues: { country: '', price: '', capacity: 0, isOpen: true },
  })
  const create = useMutation({
    mutationFn: (body: NewOrder) => call(opsOrderCalls.create, { body }),
    onSuccess: () => {
      form.reset()
      onCreated()
    },
  })
  const errors = form.formState.errors
  return (
    <form className="card filters form-card" onSubmit={form.handleSubmit((body) => create.mutate(body))}>
      <h2>New order</h2>
      <label>
        Country (ISO code)
        <input size={4} placeholder="IR" {...form.register('country')} />
        {errors.country ? <span className="field-error">{errors.country.message}</span> : null}
      </label>
      <label>
        Price (USDT)
        <input size={8} placeholder="1.5" {...form.register('price')} />
      </label>
      <label>
        Capacity
        <input type="number" min={0} {...form.register('capacity', { valueAsNumber: true })} />
        {errors.capacity ? <span className="field-error">A whole number, 0 or more</span> : null}
      </label>
      <label className="check">
        <input type="checkbox" {...form.register('isOpen')} />
        Open now
      </label>
      <button type="submit" className="primary" disabled={create.isPending}>
        Create
      </button>
      <MutationError error={create.error} />
    </form>
  )
}
