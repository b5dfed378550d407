/** Asks the reason an action needs (a rejection, a failed transaction, an override); it goes to the audit log. */
import { ReasonBodySchema } from '@app/contract/ops'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'

type Props = {
  title: string
  confirm: string
  pending: boolean
  error?: string | undefined
  onSubmit: (reason: string) => void
  onCancel: () => void
}

export function ReasonDialog({ title, confirm, pending, error, onSubmit, onCancel }: Props) {
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(ReasonBodySchema),
    defaultValues: { reason: '' },
  })
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-label={title}>
      <form className="card dialog" onSubmit={form.handleSubmit(({ reason }) => onSubmit(reason))}>
        <h2>{title}</h2>
        <label>
          Reason (kept in the audit log)
          <textarea rows={3} {...form.register('reason')} />
          {form.formState.errors.reason ? (
            <span className="field-error">A reason of 3 to 500 characters is required</span>
          ) : null}
        </label>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="actions">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="danger" disabled={pending}>
            {confirm}
          </button>
        </div>
      </form>
    </div>
  )
}

/** Copies a value, for addresses, IBANs, txids and amounts. */
export function CopyButton({ value, title = 'Copy' }: { value: string; title?: string }) {
  return (
    <button
      type="button"
      className="copy"
      title={title}
      onClick={() => void navigator.clipboard?.writeText(value)}
    >
      Copy
    </button>
  )
}
