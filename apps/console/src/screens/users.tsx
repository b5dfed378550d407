/**
 * Users: search by user id, Telegram id, an account's phone, a part of a name or username (any case) or email (`q` in
 * the URL, paged by cursor); one user (`user` in the URL: their user id, or a Telegram id; the older `telegramId`
 * links still open) with the flags and accounts; operators override an account's status (with a reason), admins
 * change the flags and block any user, whatever way they signed in.
 */
import {
  type OpsUserFound,
  opsAccountCalls,
  opsUserCalls,
  referralFlagSummary,
  UserRefSchema,
} from '@app/contract/ops'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { AccountStatusOverride } from '#lib/account-status.tsx'
import { Money } from '#lib/amounts.tsx'
import { call, query } from '#lib/api.ts'
import { DataTable, MutationError } from '#lib/data-table.tsx'
import { usePagedList } from '#lib/paged.ts'
import { ReasonDialog } from '#lib/reason-dialog.tsx'
import { useCan } from '#lib/session.tsx'

/** First and last name, as the user gave them to Telegram. */
const fullName = (u: { firstName: string; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ')

const resultColumns = (q: string): ColumnDef<OpsUserFound, unknown>[] => [
  {
    header: 'Name',
    id: 'name',
    cell: ({ row }) => {
      const u = row.original
      return <Link to={`/users${query({ q, user: u.uid })}`}>{fullName(u) || u.email || '(no name)'}</Link>
    },
  },
  {
    header: 'Username',
    accessorKey: 'username',
    cell: (c) => (c.getValue() === null ? '' : `@${c.getValue()}`),
  },
  {
    header: 'Telegram id',
    accessorKey: 'telegramId',
    cell: (c) => (c.getValue() === null ? <span className="muted">email only</span> : String(c.getValue())),
  },
  { header: 'Email', accessorKey: 'email', cell: (c) => String(c.getValue() ?? '') },
  {
    header: 'State',
    accessorKey: 'blocked',
    cell: (c) => (c.getValue() ? <span className="badge rejected">blocked</span> : null),
  },
  {
    header: 'Since',
    accessorKey: 'createdAt',
    cell: (c) => new Date(String(c.getValue())).toLocaleDateString(),
  },
]

const FLAGS = [
  ['canAddAccount', 'May submit accounts by login'],
  ['canRegisterAccount', 'May submit accounts by sign-up'],
  ['canReferrer', 'May refer others'],
] as const

export function UsersScreen() {
  const [params, setParams] = useSearchParams()
  const id = params.get('user') ?? params.get('telegramId') ?? ''
  const q = params.get('q') ?? ''
  const client = useQueryClient()
  const found = usePagedList('users', opsUserCalls.search, { q }, { enabled: q.trim() !== '' })
  const canChange = useCan('admin')
  const columns = useMemo(() => resultColumns(q), [q])
  const user = useQuery({
    queryKey: ['user', id],
    enabled: UserRefSchema.safeParse(id).success,
    queryFn: () => call(opsUserCalls.get, { params: { user: id } }),
    retry: false,
  })
  const accounts = useQuery({
    queryKey: ['user-accounts', id],
    enabled: user.isSuccess,
    queryFn: () => call(opsAccountCalls.ofUser, { params: { user: id }, query: { limit: 50 } }),
  })
  const flags = useMutation({
    mutationFn: (body: Record<string, boolean>) =>
      call(opsUserCalls.setFlags, { params: { user: id }, body }),
    onSuccess: (updated) => client.setQueryData(['user', id], updated),
  })
  const [blocking, setBlocking] = useState(false)
  const block = useMutation({
    mutationFn: (reason: string | undefined) =>
      reason === undefined
        ? call(opsUserCalls.unblock, { params: { user: id } })
        : call(opsUserCalls.block, { params: { user: id }, body: { reason } }),
    onSuccess: (updated) => {
      setBlocking(false)
      client.setQueryData(['user', id], updated)
    },
  })
  return (
    <section>
      <header className="screen-header">
        <h1>Users</h1>
      </header>
      <form
        key={q}
        className="filters"
        onSubmit={(event) => {
          event.preventDefault()
          const value = String(new FormData(event.currentTarget).get('q') ?? '').trim()
          setParams(value ? { q: value } : {})
        }}
      >
        <label className="filter">
          User id, Telegram id, phone, name, username or email
          <input name="q" type="search" defaultValue={q} maxLength={64} />
        </label>
        <button type="submit">Find</button>
      </form>
      {!id && !q ? (
        <div className="state">
          Search by user id, Telegram id, an account's phone, a part of a name or username, or an email.
        </div>
      ) : null}
      {q && !id ? (
        <DataTable columns={columns} query={found} empty="No user matches." more="More users" />
      ) : null}
      {q && id ? (
        <p>
          <Link to={`/users${query({ q })}`}>← Back to the users matching “{q}”</Link>
        </p>
      ) : null}
      {user.isLoading ? <div className="state">Loading…</div> : null}
      {user.error ? (
        <div className="state error" role="alert">
          {user.error.message}
        </div>
      ) : null}
      {user.data ? (
        <div className="card">
          <h2>
            {[fullName(user.data) || user.data.email, user.data.username ? `(@${user.data.username})` : '']
              .filter(Boolean)
              .join(' ')}
          </h2>
          <p className="muted">
            User id {user.data.uid} ·{' '}
            {user.data.telegramId === null ? 'no Telegram' : `Telegram ${user.data.telegramId}`} ·{' '}
            {user.data.email ?? 'no email'} · referred by {user.data.referrerTelegramId ?? 'an invite'} ·{' '}
            {user.data.referralCount} referral(s) · since {new Date(user.data.createdAt).toLocaleDateString()}
          </p>
          {user.data.referralFlags.map((flag) => (
            <p key={flag.uid} className="state error" role="alert">
              {referralFlagSummary(flag)}
            </p>
          ))}
          {FLAGS.map(([key, label]) => (
            <label key={key} className="check">
              <input
                type="checkbox"
                checked={user.data[key]}
                disabled={!canChange || flags.isPending}
                onChange={(event) => flags.mutate({ [key]: event.target.checked })}
              />
              {label}
            </label>
          ))}
          <MutationError error={flags.error} />
          <p>
            {user.data.blocked ? (
              <span className="badge rejected">Blocked: none of their tokens work</span>
            ) : null}{' '}
            {canChange ? (
              user.data.blocked ? (
                <button type="button" onClick={() => block.mutate(undefined)} disabled={block.isPending}>
                  Unblock
                </button>
              ) : (
                <button type="button" className="danger" onClick={() => setBlocking(true)}>
                  Block user
                </button>
              )
            ) : null}
          </p>
          {blocking ? (
            <ReasonDialog
              title="Block the user"
              confirm="Block"
              pending={block.isPending}
              error={block.error?.message}
              onCancel={() => setBlocking(false)}
              onSubmit={(reason) => block.mutate(reason)}
            />
          ) : null}
          <h3>Accounts</h3>
          {accounts.data?.length === 0 ? <p className="muted">No accounts.</p> : null}
          <ul className="plain">
            {accounts.data?.map((account) => (
              <li key={account.uid}>
                <code>{account.phone}</code> {account.country} · {account.status} · net{' '}
                <Money value={account.net} currency="usdt" />{' '}
                <AccountStatusOverride
                  account={account}
                  onChanged={() => void client.invalidateQueries({ queryKey: ['user-accounts', id] })}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
