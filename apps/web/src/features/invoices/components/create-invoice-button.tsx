import type { Dashboard } from '@app/contract'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '#components/ui/button.tsx'
import { paths } from '#config/paths.ts'
import { showDialog } from '#lib/dialogs.ts'
import { formatUsdt } from '#lib/format.ts'
import type { TFunction } from '#lib/i18n.ts'
import { hapticNotification } from '#lib/telegram/haptics.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useCreateInvoice } from '../api/create-invoice.ts'
import { createInvoiceErrorDialog } from '../create-invoice-error.ts'
import { afterCreation, createButton } from '../invoice-status.ts'

export type PaymentFlags = Dashboard['invoice']

/** The spec's error dialog of invoice creation: its own title, one Ok button, an error haptic. */
function showCreateInvoiceError(error: unknown, t: TFunction) {
  hapticNotification('error')
  return showDialog({
    ...createInvoiceErrorDialog(error, t),
    buttons: [{ id: 'ok', text: t('action.ok', { ns: 'common' }) }],
  })
}

type CreateInvoiceButtonProps = {
  /** The dashboard's invoice flags; undefined while the dashboard loads, null when it could not be read. */
  payment: PaymentFlags | undefined | null
  /** What the rest of the app refreshes once an invoice exists (dashboard, accounts lists). */
  onCreated: () => Promise<unknown>
}

/**
 * The bottom button of /invoices (spec section 5): its label and state follow the dashboard; a tap asks for
 * confirmation, creates the invoice, then opens method selection (confirmed at once and payment open) or the
 * new invoice.
 */
export function CreateInvoiceButton({ payment, onCreated }: CreateInvoiceButtonProps) {
  const { t } = useTranslation(['invoices', 'common'])
  const navigate = useNavigate()
  const mutation = useCreateInvoice(onCreated)
  const [confirming, setConfirming] = useState(false)

  if (!payment) {
    return (
      <Button stretched disabled loading={payment === undefined} data-testid="invoices-create">
        {t('invoices.create.loading')}
      </Button>
    )
  }
  const button = createButton(payment, mutation.isPending)

  const create = async () => {
    setConfirming(true)
    const answer = await showDialog({
      message: t('invoices.create.confirm', { amount: formatUsdt(payment.paymentAvailable) }),
      buttons: [
        { id: 'cancel', text: t('action.cancel', { ns: 'common' }) },
        { id: 'create', text: t('invoices.create.confirmButton') },
      ],
    }).finally(() => setConfirming(false))
    if (answer !== 'create') return
    const { isPaymentOpen } = payment
    mutation.mutate(undefined, {
      onSuccess: ({ uid, confirmationStatus }) => {
        hapticNotification('success')
        const next = afterCreation(confirmationStatus, isPaymentOpen)
        void navigate(next === 'select-method' ? paths.selectMethod(uid) : paths.invoice(uid))
      },
      onError: (error) => void showCreateInvoiceError(error, t),
    })
  }

  return (
    <Button
      stretched
      data-testid="invoices-create"
      disabled={!button.enabled || confirming}
      loading={mutation.isPending}
      onClick={() => void create()}
    >
      {t(button.key, { amount: button.amount })}
    </Button>
  )
}
