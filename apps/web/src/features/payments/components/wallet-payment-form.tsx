import { V } from '@app/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useId } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Page } from '../../../components/layout/page.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { paths } from '../../../config/paths.ts'
import { useBackHandler } from '../../../lib/telegram/back-handlers.ts'
import type { WalletFormSchema, WalletFormValues } from '../form-schemas.ts'
import { usePaymentOutcome } from './use-payment-outcome.ts'
import { useServerFieldErrors } from './use-server-field-errors.ts'

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
        <Field
          label={t('payments.wallet.label')}
          error={error ? t(error, { ns: 'common', defaultValue: error }) : undefined}
          hint={hint}
          placeholder={placeholder}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...form.register('receiverAddress')}
        />
      </form>
      {children}
    </Page>
  )
}

export const WALLET_MESSAGES = { trx: V.trxAddressInvalid, usdt: V.bscAddressInvalid } as const
