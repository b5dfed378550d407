/**
 * An account's status override (operators and admins): pick the new status, give the reason the audit log keeps.
 * The Users and Accounts screens both use it; the server refuses it for a viewer and for an account on an invoice.
 */
import { type AccountStatus, AccountStatusSchema } from '@app/contract'
import { opsAccountCalls } from '@app/contract/ops'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { call } from './api.ts'
import { ReasonDialog } from './reason-dialog.tsx'
import { useCan } from './session.tsx'

type Props = { account: { uid: string; phone: string; status: string }; onChanged: () => void }

export function AccountStatusOverride({ account, onChanged }: Props) {
  const canOverride = useCan('operator')
  const [status, setStatus] = useState<AccountStatus>()
  const override = useMutation({
    mutationFn: ({ to, reason }: { to: AccountStatus; reason: string }) =>
      call(opsAccountCalls.setStatus, { params: { uid: account.uid }, body: { status: to, reason } }),
    onSuccess: () => {
      setStatus(undefined)
      onChanged()
    },
  })
  if (!canOverride) return null
  return (
    <>
      <select
        aria-label={`Override the status of ${account.phone}`}
        value=""
        onChange={(event) => {
          override.reset()
          setStatus(AccountStatusSchema.parse(event.target.value))
        }}
      >
        <option value="">Override status…</option>
        {AccountStatusSchema.options
          .filter((s) => s !== account.status)
          .map((s) => (
            <option key={s}>{s}</option>
          ))}
      </select>
      {status ? (
        <ReasonDialog
          title={`Set the account ${account.phone} ${status}`}
          confirm={`Set ${status}`}
          pending={override.isPending}
          error={override.error?.message}
          onCancel={() => setStatus(undefined)}
          onSubmit={(reason) => override.mutate({ to: status, reason })}
        />
      ) : null}
    </>
  )
}
