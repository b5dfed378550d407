/**
 * Invites (admins): a referral code nobody owns, given or made up by the server; the list of every invite newest
 * first (paged by cursor) with who made it, when, whether it still admits, and who joined through it; revoking
 * one stops it admitting anyone new.
 */
import { CreateInviteBodySchema, type InviteRow, opsInviteCalls } from '@app/contract/ops'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { call } from '#lib/api.ts'
import { DataTable, MutationError } from '#lib/data-table.tsx'
import { usePagedList } from '#lib/paged.ts'
import { CopyButton } from '#lib/reason-dialog.tsx'
import { useCan } from '#lib/session.tsx'

const baseColumns: ColumnDef<InviteRow, unknown>[] = [
  {
    header: 'Code',
    accessorKey: 'code',
    cell: (c) => (
      <span>
        <code>{String(c.getValue())}</code> <CopyButton value={String(c.getValue())} />
      </span>
    ),
  },
  {
    header: 'Created',
    accessorKey: 'createdAt',
    cell: (c) => new Date(String(c.getValue())).toLocaleString(),
  },
  {
    header: 'By',
    accessorKey: 'createdBy',
    cell: (c) => (c.getValue() === null ? <span className="muted">not recorded</span> : String(c.getValue())),
  },
  {
    header: 'State',
    accessorKey: 'revokedAt',
    cell: (c) =>
      c.getValue() === null ? (
        <span className="badge accepted">admits</span>
      ) : (
        <span className="badge rejected">revoked {new Date(String(c.getValue())).toLocaleDateString()}</span>
      ),
  },
  { header: 'Joined', accessorKey: 'uses', cell: (c) => <span className="num">{String(c.getValue())}</span> },
  {
    header: 'Joined through it',
    id: 'usedBy',
    cell: ({ row }) => {
      const { usedBy, uses } = row.original
      if (uses === 0) return <span className="muted">unused</span>
      return (
        <span>
          {usedBy.map((user, index) => (
            <span key={`${user.telegramId}-${user.joinedAt}`}>
              {index > 0 ? ', ' : ''}
              {user.telegramId === null ? (
                <span title={`joined ${new Date(user.joinedAt).toLocaleString()}`}>
                  {user.firstName || 'email user'}
                </span>
              ) : (
                <Link
                  to={`/users?telegramId=${user.telegramId}`}
                  title={`joined ${new Date(user.joinedAt).toLocaleString()}`}
                >
                  {user.firstName || user.telegramId}
                </Link>
              )}
            </span>
          ))}
          {uses > usedBy.length ? <span className="muted"> and {uses - usedBy.length} more</span> : null}
        </span>
      )
    },
  },
]

export function InvitesScreen() {
  const canCreate = useCan('admin')
  const client = useQueryClient()
  const list = usePagedList('invites', opsInviteCalls.list, {})
  const form = useForm<{ code?: string }>({ resolver: zodResolver(CreateInviteBodySchema) })
  const create = useMutation({
    mutationFn: (code: string | undefined) =>
      call(opsInviteCalls.create, { body: code === undefined ? {} : { code } }),
    onSuccess: () => {
      form.reset({ code: '' })
      void client.invalidateQueries({ queryKey: ['invites'] })
    },
  })
  const revoke = useMutation({
    mutationFn: (code: string) => call(opsInviteCalls.revoke, { params: { code } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['invites'] }),
  })
  const columns = useMemo<ColumnDef<InviteRow, unknown>[]>(
    () =>
      canCreate
        ? [
            ...baseColumns,
            {
              id: 'actions',
              header: '',
              cell: ({ row }) =>
                row.original.revokedAt === null ? (
                  <button
                    type="button"
                    className="danger"
                    onClick={() => {
                      if (window.confirm(`Revoke ${row.original.code}? It will admit nobody new.`))
                        revoke.mutate(row.original.code)
                    }}
                  >
                    Revoke
                  </button>
                ) : null,
            },
          ]
        : baseColumns,
    [canCreate, revoke.mutate],
  )
  return (
    <section>
      <header className="screen-header">
        <h1>Invites</h1>
      </header>
      {canCreate ? (
        <form
          className="filters"
          onSubmit={form.handleSubmit(({ code }) => create.mutate(code?.trim() ? code.trim() : undefined))}
        >
          <label className="filter">
            Code (empty: the server makes one up)
            <input
              {...form.register('code', {
                setValueAs: (v: string) => (v.trim() === '' ? undefined : v.trim()),
              })}
            />
            {form.formState.errors.code ? (
              <span className="field-error">4 to 64 letters, digits, - or _</span>
            ) : null}
          </label>
          <button type="submit" className="primary" disabled={create.isPending}>
            Create invite
          </button>
          <MutationError error={create.error} inline />
        </form>
      ) : (
        <div className="state">Only admins create invites.</div>
      )}
      {create.data ? (
        <p className="notice">
          Invite <code>{create.data.code}</code> made <CopyButton value={create.data.code} />
        </p>
      ) : null}
      <MutationError error={revoke.error} />
      <DataTable columns={columns} query={list} empty="No invites yet." more="Older invites" />
      <p className="muted">
        Who made each and when is in the <Link to="/audit?objectType=invite">audit log</Link> too.
      </p>
    </section>
  )
}
