/**
 * Operators (admin): create one and show its enrolment once (password, TOTP QR code), change roles, disable, reset;
 * each one's API token (until when, last used) and, while it is ahead, when their approvals of large transactions count.
 */
import {
  type CreateOperator,
  CreateOperatorBodySchema,
  type Operator,
  type OperatorEnrolment,
  type OperatorRole,
  OperatorRoleSchema,
  opsOperatorCalls,
} from '@app/contract/ops'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import QRCode from 'qrcode'
import { useEffect, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { call } from '#lib/api.ts'
import { DataTable, MutationError } from '#lib/data-table.tsx'
import { CopyButton } from '#lib/reason-dialog.tsx'
import { useMe } from '#lib/session.tsx'

export function OperatorsScreen() {
  const client = useQueryClient()
  const me = useMe()
  const [enrolment, setEnrolment] = useState<OperatorEnrolment | undefined>()
  const list = useQuery({
    queryKey: ['operators'],
    queryFn: () => call(opsOperatorCalls.list),
  })
  const form = useForm<CreateOperator>({
    resolver: zodResolver(CreateOperatorBodySchema),
    defaultValues: { login: '', role: 'operator' },
  })
  const create = useMutation({
    mutationFn: (body: CreateOperator) => call(opsOperatorCalls.create, { body }),
    onSuccess: (created) => {
      setEnrolment(created)
      form.reset()
      void client.invalidateQueries({ queryKey: ['operators'] })
    },
  })
  const change = useMutation({
    mutationFn: ({ login, body }: { login: string; body: { role?: OperatorRole; disabled?: boolean } }) =>
      call(opsOperatorCalls.change, { params: { login }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['operators'] }),
  })
  const reset = useMutation({
    mutationFn: (login: string) => call(opsOperatorCalls.resetCredentials, { params: { login } }),
    onSuccess: setEnrolment,
  })
  const columns = useMemo<ColumnDef<Operator, unknown>[]>(
    () => [
      { header: 'Login', accessorKey: 'login' },
      {
        header: 'Role',
        accessorKey: 'role',
        cell: ({ row }) =>
          row.original.login === me.login ? (
            row.original.role
          ) : (
            <select
              aria-label={`Role of ${row.original.login}`}
              value={row.original.role}
              onChange={(event) =>
                change.mutate({
                  login: row.original.login,
                  body: { role: OperatorRoleSchema.parse(event.target.value) },
                })
              }
            >
              <option>viewer</option>
              <option>operator</option>
              <option>admin</option>
            </select>
          ),
      },
      {
        header: 'State',
        id: 'state',
        cell: ({ row }) =>
          row.original.disabled ? 'disabled' : row.original.lockedUntil ? 'locked' : 'active',
      },
      {
        header: 'API token',
        id: 'token',
        cell: ({ row }) => {
          const o = row.original
          if (!o.hasApiToken || o.apiTokenExpiresAt === null) return '—'
          return (
            <div className="stack">
              <span>until {new Date(o.apiTokenExpiresAt).toLocaleDateString()}</span>
              <span className="muted">
                {o.apiTokenLastUsedAt === null
                  ? 'never used'
                  : `last used ${new Date(o.apiTokenLastUsedAt).toLocaleString()}`}
              </span>
            </div>
          )
        },
      },
      {
        header: 'Approves and sends large transactions',
        id: 'signs',
        cell: ({ row }) => {
          const from = row.original.signsPayoutsFrom
          if (from === null) return '—'
          // Four eyes: a new signer's approvals and sends count after the delay (docs/console.md).
          return Date.parse(from) > Date.now() ? `from ${new Date(from).toLocaleString()}` : 'yes'
        },
      },
      {
        header: 'Since',
        accessorKey: 'createdAt',
        cell: (c) => new Date(String(c.getValue())).toLocaleDateString(),
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) =>
          row.original.login === me.login ? null : (
            <div className="row-actions">
              <button
                type="button"
                onClick={() =>
                  change.mutate({ login: row.original.login, body: { disabled: !row.original.disabled } })
                }
              >
                {row.original.disabled ? 'Enable' : 'Disable'}
              </button>
              <button
                type="button"
                onClick={() => {
                  if (
                    window.confirm(
                      `New password and authenticator for ${row.original.login}? Their sessions end.`,
                    )
                  )
                    reset.mutate(row.original.login)
                }}
              >
                Reset credentials
              </button>
            </div>
          ),
      },
    ],
    [me.login, change, reset],
  )
  return (
    <section>
      <header className="screen-header">
        <h1>Operators</h1>
      </header>
      <form className="filters" onSubmit={form.handleSubmit((body) => create.mutate(body))}>
        <label className="filter">
          Login
          <input {...form.register('login')} placeholder="e.g. sara" />
        </label>
        <label className="filter">
          Role
          <select {...form.register('role')}>
            <option>viewer</option>
            <option>operator</option>
            <option>admin</option>
          </select>
        </label>
        <button type="submit" className="primary" disabled={create.isPending}>
          Create operator
        </button>
        {form.formState.errors.login ? (
          <span className="field-error">{form.formState.errors.login.message}</span>
        ) : null}
      </form>
      <MutationError error={create.error ?? change.error} />
      {enrolment ? <Enrolment enrolment={enrolment} onDone={() => setEnrolment(undefined)} /> : null}
      <DataTable columns={columns} query={list} empty="No operators yet." />
    </section>
  )
}

function Enrolment({ enrolment, onDone }: { enrolment: OperatorEnrolment; onDone: () => void }) {
  const [qr, setQr] = useState<string>()
  useEffect(() => {
    // Drawn here from the URI by the qrcode library (a data: URL image): no server round trip, nothing stored.
    void QRCode.toDataURL(enrolment.totpUri, { margin: 1, width: 200 }).then(setQr)
  }, [enrolment.totpUri])
  return (
    <section className="card enrolment" aria-label="Enrolment">
      <div>
        <h2>{enrolment.operator.login}: shown once</h2>
        <p>
          Give these to {enrolment.operator.login} in person. They scan the code with an authenticator app,
          then sign in at /console.
        </p>
        <p>
          Password: <code data-testid="enrolment-password">{enrolment.password}</code>{' '}
          <CopyButton value={enrolment.password} />
        </p>
        <p>
          Secret: <code data-testid="enrolment-secret">{enrolment.totpSecret}</code>{' '}
          <CopyButton value={enrolment.totpSecret} />
        </p>
        <button type="button" onClick={onDone}>
          Done, hide it
        </button>
      </div>
      {qr ? (
        <img className="qr" src={qr} width={200} height={200} alt="TOTP QR code for an authenticator app" />
      ) : null}
    </section>
  )
}
