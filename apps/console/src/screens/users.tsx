/**
 * Users: look one up by Telegram id (in the URL), see the flags and accounts; operators override an account's status
 * (with a reason), admins change the flags and block.
 */
import { OpsAccountsSchema, OpsUserSchema } from '@app/contract/ops'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { AccountStatusOverride } from '../lib/account-status.tsx'
import { api, query } from '../lib/api.ts'
import { ReasonDialog } from '../lib/reason-dialog.tsx'
import { useCan } from '../lib/session.tsx'

const FLAGS = [
  ['canAddAccount', 'May submit accounts by login'],
  ['canRegisterAccount', 'May submit accounts by sign-up'],
  ['canReferrer', 'May refer others'],
] as const

export function UsersScreen() {
  const [params, setParams] = useSearchParams()
  const id = params.get('telegramId') ?? ''
  const client = useQueryClient()
  const canChange = useCan('admin')
  const user = useQuery({
    queryKey: ['user', id],
    enabled: /^\d+$/.test(id),
    queryFn: () => api(OpsUserSchema, 'GET', `/ops/users/${id}`),
    retry: false,
  })
  const accounts = useQuery({
    queryKey: ['user-accounts', id],
    enabled: user.isSuccess,
    queryFn: () => api(OpsAccountsSchema, 'GET', `/ops/users/${id}/accounts${query({ limit: 50 })}`),
  })
  const flags = useMutation({
    mutationFn: (body: Record<string, boolean>) => api(OpsUserSchema, 'PATCH', `/ops/users/${id}`, body),
    onSuccess: (updated) => client.setQueryData(['user', id], updated),
  })
  const [blocking, setBlocking] = useState(false)
  const block = useMutation({
    mutationFn: (reason: string | undefined) =>
      reason === undefined
        ? api(OpsUserSchema, 'DELETE', `/ops/users/${id}/block`)
        : api(OpsUserSchema, 'POST', `/ops/users/${id}/block`, { reason }),
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
        className="filters"
        onSubmit={(event) => {
          event.preventDefault()
          const value = String(new FormData(event.currentTarget).get('telegramId') ?? '').trim()
          setParams(value ? { telegramId: value } : {})
        }}
      >
        <label className="filter">
          Telegram id
          <input name="telegramId" inputMode="numeric" defaultValue={id} />
        </label>
        <button type="submit">Find</button>
      </form>
      {!id ? <div className="state">Enter a Telegram id to see a user.</div> : null}
      {user.isLoading ? <div className="state">Loading…</div> : null}
      {user.error ? (
        <div className="state error" role="alert">
          {user.error.message}
        </div>
      ) : null}
      {user.data ? (
        <div className="card">
          <h2>
            {user.data.firstName} {user.data.username ? `(@${user.data.username})` : ''}
          </h2>
          <p className="muted">
            Telegram {user.data.telegramId ?? '—'} · {user.data.email ?? 'no email'} · referred by{' '}
            {user.data.referrerTelegramId ?? 'an invite'} · {user.data.referralCount} referral(s) · since{' '}
            {new Date(user.data.createdAt).toLocaleDateString()}
          </p>
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
          {flags.error ? <p className="form-error">{flags.error.message}</p> : null}
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
                <code>{account.phone}</code> {account.country} · {account.status} · net {account.net} USDT{' '}
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
