import { USDT_BEP20_FEE, V } from '@app/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { type KeyboardEvent, type TextareaHTMLAttributes, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { FormPage } from '#components/layout/form-page.tsx'
import { paths } from '#config/paths.ts'
import { showDialog } from '#lib/dialogs.ts'
import { formatUsdt } from '#lib/format.ts'
import { withLatinDigits } from '#lib/latin-digits.ts'
import { useBackHandler } from '#lib/telegram/back-handlers.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import type { PaymentRequestOptions } from '../api/payment-request-options.ts'
import { requestPayment } from '../api/request-payment.ts'
import { requestPaymentCrypto } from '../api/request-payment-crypto.ts'
import { trxFormSchema, usdtFormSchema, type WalletFormValues } from '../form-schemas.ts'
import { formatRate } from '../format.ts'
import { groupAddress } from '../net-preview.ts'
import { PaymentNotes } from './payment-notes.tsx'
import { RequestSummary } from './request-summary.tsx'
import { type NetPreview, useNetPreview } from './use-net-preview.ts'
import { outcomeOfFailure, usePaymentOutcome } from './use-payment-outcome.ts'
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

/**
 * Above the form: the invoice, the rate (TRX) or the fee (USDT), and what the user will receive (issue 38). No TRX
 * rate: said, and the form cannot be sent (the server would refuse it).
 */
function WalletSummary({
  method,
  invoiceAmount,
  preview,
}: {
  method: keyof typeof WALLET_METHODS
  invoiceAmount: number | undefined
  preview: NetPreview
}) {
  const { t } = useTranslation('payments')
  const { coin } = WALLET_METHODS[method]
  if (preview.rateUnavailable) {
    return (
      <p
        className="payments-intro payments-rate--unavailable"
        role="alert"
        data-testid="exchange-rate-unavailable"
      >
        {t('payments.rateUnavailable')}
      </p>
    )
  }
  const usdt = (amount: number | undefined) =>
    amount === undefined ? undefined : `${formatUsdt(amount)} USDT`
  const middle =
    method === 'trx'
      ? {
          label: t('payments.summary.rate'),
          value:
            preview.price === undefined
              ? undefined
              : t('payments.trx.rate', { price: formatRate(preview.price) }),
          testId: 'exchange-rate',
        }
      : { label: t('payments.summary.fee'), value: `-${usdt(USDT_BEP20_FEE)}`, testId: 'payout-fee' }
  return (
    <RequestSummary
      title={t('payments.summary.title')}
      rows={[
        { label: t('payments.summary.invoice'), value: usdt(invoiceAmount), testId: 'payout-invoice' },
        middle,
        {
          label: t('payments.summary.receive'),
          value: preview.receive === undefined ? undefined : `${formatUsdt(preview.receive)} ${coin}`,
          testId: 'payout-receive',
        },
      ]}
      footer={
        method === 'usdt' ? (
          <span data-testid="usdt-fee">{t('payments.usdt.fee', { fee: USDT_BEP20_FEE })}</span>
        ) : undefined
      }
    />
  )
}

/**
 * The two wallet payouts differ only in these: texts, the address rule, the line above the form, the
 * warnings (all end with 'a wrong address cannot be recovered') and the call. `invalidKey` is shown under
 * the field when the server refuses the address without a known message.
 */
const WALLET_METHODS = {
  trx: {
    testId: 'request-payment-trx',
    title: 'payments.requestPayment.title',
    schema: trxFormSchema,
    hint: 'payments.trx.hint',
    placeholder: 'payments.trx.placeholder',
    invalidKey: V.trxAddressInvalid,
    coin: 'TRX',
    network: 'TRON (TRC20)',
    warnings: ['payments.trx.warningAddress', 'payments.trx.warningNetwork'],
    request: (invoiceUid: string, receiverAddress: string) =>
      requestPayment(invoiceUid, { receiverAddress, currency: 'trx' }),
  },
  usdt: {
    testId: 'request-payment-crypto',
    title: 'payments.requestPaymentCrypto.title',
    schema: usdtFormSchema,
    hint: 'payments.usdt.hint',
    placeholder: 'payments.usdt.placeholder',
    invalidKey: V.bscAddressInvalid,
    coin: 'USDT',
    network: 'BSC (BEP20)',
    warnings: ['payments.usdt.warningNetwork', 'payments.usdt.warningExchange'],
    request: (invoiceUid: string, receiverAddress: string) =>
      requestPaymentCrypto(invoiceUid, { receiverAddress, network: 'BSC', token: 'USDT' }),
  },
}

type Props = {
  method: keyof typeof WALLET_METHODS
  invoiceUid: string
  /** The invoice's amount in USDT (GET /invoices/{uid}), as shown and exact; undefined while it loads. */
  invoiceAmount: number | undefined
  invoiceAmountExact: string | undefined
} & PaymentRequestOptions

/**
 * A wallet payout cannot be reversed: before it is sent the user sees the whole address, in groups, and the amount,
 * and confirms (Telegram's popup, or the app's dialog). Anything but Send sends nothing.
 */
function useConfirmRequest(method: keyof typeof WALLET_METHODS) {
  const { t } = useTranslation(['payments', 'common'])
  const { coin, network } = WALLET_METHODS[method]
  return async (address: string, receive: number) => {
    const pressed = await showDialog({
      title: t('payments.confirm.title'),
      message: t('payments.confirm.message', {
        amount: `${formatUsdt(receive)} ${coin}`,
        network,
        address: groupAddress(address),
      }),
      buttons: [
        { id: 'cancel', text: t('action.cancel', { ns: 'common' }) },
        { id: 'send', text: t('payments.confirm.send') },
      ],
    })
    return pressed === 'send'
  }
}

/**
 * /invoices/:invoiceUid/request-payment (TRX TRC20, at the current rate) and /request-payment-crypto (USDT BEP20,
 * fee per payment): what the user will receive, one receiver address checked with the contract's rule, the
 * method's warnings and the main button, then the confirmation. Back returns to the method selection.
 */
export function RequestPaymentWalletScreen(props: Props) {
  const { method, invoiceUid, invoiceAmount, invoiceAmountExact, onSettled } = props
  const { testId, title, schema, hint, placeholder, invalidKey, warnings, request } = WALLET_METHODS[method]
  const { t } = useTranslation(['payments', 'common'])
  const preview = useNetPreview(method, invoiceAmountExact)
  const confirmRequest = useConfirmRequest(method)
  const [confirming, setConfirming] = useState(false)
  const navigate = useNavigate()
  const mutation = useMutation({
    mutationFn: (receiverAddress: string) => request(invoiceUid, receiverAddress),
    onSettled,
  })
  const form = useForm<WalletFormValues, unknown, WalletFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { receiverAddress: '' },
  })
  const showOutcome = usePaymentOutcome('crypto')
  const applyServerErrors = useServerFieldErrors(form.setError, { receiverAddress: invalidKey })
  useBackHandler(() => void navigate(paths.selectMethod(invoiceUid)))

  const error = form.formState.errors.receiverAddress?.message
  return (
    <FormPage
      title={t(title)}
      testId={testId}
      intro={<WalletSummary method={method} invoiceAmount={invoiceAmount} preview={preview} />}
      submitText={t('payments.submit')}
      pending={mutation.isPending}
      disabled={preview.receive === undefined || confirming}
      onSubmit={form.handleSubmit(async ({ receiverAddress }) => {
        const { receive } = preview
        if (mutation.isPending || confirming || receive === undefined) return
        setConfirming(true)
        const confirmed = await confirmRequest(receiverAddress, receive).finally(() => setConfirming(false))
        if (!confirmed) return
        mutation.mutate(receiverAddress, {
          onSuccess: () => void showOutcome('success'),
          onError: (failure) => {
            if (!applyServerErrors(failure)) void showOutcome(outcomeOfFailure(failure))
          },
        })
      })}
      after={
        <PaymentNotes
          tone="warning"
          testId="payment-warnings"
          title={t('payments.warning.title')}
          items={[...warnings.map((key) => t(key)), t('payments.warning.lost')]}
        />
      }
    >
      <AddressField
        label={t('payments.wallet.label')}
        error={error ? t(error, { ns: 'common', defaultValue: error }) : undefined}
        hint={t(hint)}
        textarea={{ placeholder: t(placeholder), ...withLatinDigits(form.register('receiverAddress')) }}
      />
    </FormPage>
  )
}
