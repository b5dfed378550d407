/**
 * Invites (admins): a referral code nobody owns, given or made up by the server. The API lists none, so the
 * screen shows the codes made here until the page is left; the audit log keeps every one (`invite.create`).
 */
import { CreateInviteBodySchema, InviteSchema } from '@app/contract/ops'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { api } from '../lib/api.ts'
import { CopyButton } from '../lib/reason-dialog.tsx'
import { useCan } from '../lib/session.tsx'

export function InvitesScreen() {
  const canCreate = useCan('admin')
  const [made, setMade] = useState<string[]>([])
  const form = useForm<{ code?: string }>({ resolver: zodResolver(CreateInviteBodySchema) })
  const create = useMutation({
    mutationFn: (code: string | undefined) =>
      api(InviteSchema, 'POST', '/ops/invites', code === undefined ? {} : { code }),
    onSuccess: ({ code }) => {
      form.reset({ code: '' })
      setMade((codes) => [code, ...codes])
    },
  })
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
          {create.error ? (
            <span className="form-error" role="alert">
              {create.error.message}
            </span>
          ) : null}
        </form>
      ) : (
        <div className="state">Only admins create invites.</div>
      )}
      {made.length > 0 ? (
        <div className="card">
          <h2>Made now</h2>
          <ul className="plain">
            {made.map((code) => (
              <li key={code}>
                <code>{code}</code> <CopyButton value={code} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="muted">
        Every invite made is in the <Link to="/audit?objectType=invite">audit log</Link>.
      </p>
    </section>
  )
}
