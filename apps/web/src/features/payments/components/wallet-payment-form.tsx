import { V } from '@app/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { type KeyboardEvent, type ReactNode, type TextareaHTMLAttributes, useId } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Page } from '../../../components/layout/page.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { paths } from '../../../config/paths.ts'
import { useBackHandler } from '../../../lib/telegram/back-handlers.ts'
import type { WalletFormSchema, WalletFormValues } from '../form-schemas.ts'
import { usePaymentOutcome } from './use-payment-outcome.ts'
import { useServerFieldErrors } from './use-server-field-errors.ts'

/**
 * The receiver address: the kit's field look, but two lines in a fixed-width face so a 34 or 42 character
 * address can be read whole and checked before submitting. The hint (which network) stays under it with
 * any error. Enter submits, as in a one-line field.
 */
function AddressField({
  label,
  hint,
  error,
  textarea,
}: {
  label: string
  hint: string
  error: string | undefined
  textarea: TextareaHTMLAttributes<HTMLTextAreaElement>
}) {
  const id = useId()
  const submitOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    event.currentTarget.form?.requestSubmit()
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        rows={2}
        dir="ltr"
        className="field__input payments-address-input"
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        onKeyDown={submitOnEnter}
      />
      {error ? (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
      <span id={`${id}-hint`} className="field__hint">
        {hint}
      </span>
    </div>
  )
}

type SubmitCallbacks = { onSuccess: () => void; onError: (error: unknown) => void }

type WalletPaymentFormProps = {
  invoiceUid: string
  testId: string
  title: string
  schema: WalletFormSchema
  /** Under the field: which addresses the method takes. */
  hint: string
  placeholder: string
  /** The key shown under the field when the server refuses the address without a known message. */
  invalidKey: string
  /** Above the form: the rate line, the fee note. */
  intro?: ReactNode
  /** Below the form: the warnings. */
  children?: ReactNode
  pending: boolean
  submit: (receiverAddress: string, callbacks: SubmitCallbacks) => void
}

/**
 * The TRX and USDT payout forms: one receiver address checked with the contract's rule, the method's notes
 * and warnings, and the main button. Back returns to the method selection.
 */
export function WalletPaymentForm({
  invoiceUid,
  testId,
  title,
  schema,
  hint,
  placeholder,
  invalidKey,
  intro,
  children,
  pending,
  submit,
}: WalletPaymentFormProps) {
  const { t } = useTranslation(['payments', 'common'])
  const navigate = useNavigate()
  const formId = useId()
  const form = useForm<WalletFormValues, unknown, WalletFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { receiverAddress: '' },
  })
  const showOutcome = usePaymentOutcome('crypto')
  const applyServerErrors = useServerFieldErrors(form.setError, { receiverAddress: invalidKey })
  useBackHandler(() => void navigate(paths.selectMethod(invoiceUid)))

  const error = form.formState.errors.receiverAddress?.message
  return (
    <Page
      title={title}
      testId={testId}
      actions={
        <Button type="submit" form={formId} stretched loading={pending} data-testid={`${testId}-submit`}>
          {t('payments.submit')}
        </Button>
      }
    >
      {intro}
      <form
        id={formId}
        noValidate
        onSubmit={form.handleSubmit(({ receiverAddress }) => {
          if (pending) return
          submit(receiverAddress, {
            onSuccess: () => void showOutcome('success'),
            onError: (failure) => {
              if (!applyServerErrors(failure)) void showOutcome('failed')
            },
          })
        })}
      >
        <AddressField
          label={t('payments.wallet.label')}
          error={error ? t(error, { ns: 'common', defaultValue: error }) : undefined}
          hint={hint}
          textarea={{ placeholder, ...form.register('receiverAddress') }}
        />
      </form>
      {children}
    </Page>
  )
}

export const WALLET_MESSAGES = { trx: V.trxAddressInvalid, usdt: V.bscAddressInvalid } as const
