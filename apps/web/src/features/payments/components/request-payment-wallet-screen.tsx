import { USDT_BEP20_FEE, V } from '@app/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { type KeyboardEvent, type TextareaHTMLAttributes, useId } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { FormPage } from '../../../components/layout/form-page.tsx'
import { paths } from '../../../config/paths.ts'
import { withLatinDigits } from '../../../lib/latin-digits.ts'
import { useBackHandler } from '../../../lib/telegram/back-handlers.ts'
import { useTranslation } from '../../../lib/use-translation.tsx'
import { useExchangeRate } from '../api/get-exchange-rate.ts'
import type { PaymentRequestOptions } from '../api/payment-request-options.ts'
import { requestPayment } from '../api/request-payment.ts'
import { requestPaymentCrypto } from '../api/request-payment-crypto.ts'
import { trxFormSchema, usdtFormSchema, type WalletFormValues } from '../form-schemas.ts'
import { formatRate } from '../format.ts'
import { PaymentNotes } from './payment-notes.tsx'
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

/** TRX: '1 USDT = {price} TRX' once the rate is known (nothing without one). */
function TrxRate() {
  const { t } = useTranslation('payments')
  const rate = useExchangeRate('USDTTRX')
  if (!rate.data) return null
  return (
    <p className="payments-intro">
      <bdi dir="ltr" data-testid="exchange-rate">
        {t('payments.trx.rate', { price: formatRate(rate.data.price) })}
      </bdi>
    </p>
  )
}

function UsdtFee() {
  const { t } = useTranslation('payments')
  return (
    <p className="payments-intro" data-testid="usdt-fee">
      {t('payments.usdt.fee', { fee: USDT_BEP20_FEE })}
    </p>
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
    intro: <TrxRate />,
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
    intro: <UsdtFee />,
    warnings: ['payments.usdt.warningNetwork', 'payments.usdt.warningExchange'],
    request: (invoiceUid: string, receiverAddress: string) =>
      requestPaymentCrypto(invoiceUid, { receiverAddress, network: 'BSC', token: 'USDT' }),
  },
}

type Props = { method: keyof typeof WALLET_METHODS; invoiceUid: string } & PaymentRequestOptions

/**
 * /invoices/:invoiceUid/request-payment (TRX TRC20, with the current rate) and /request-payment-crypto (USDT
 * BEP20, fee per payment): one receiver address checked with the contract's rule, the method's warnings and
 * the main button. Back returns to the method selection.
 */
export function RequestPaymentWalletScreen({ method, invoiceUid, onSettled }: Props) {
  const { testId, title, schema, hint, placeholder, invalidKey, intro, warnings, request } =
    WALLET_METHODS[method]
  const { t } = useTranslation(['payments', 'common'])
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
      intro={intro}
      submitText={t('payments.submit')}
      pending={mutation.isPending}
      onSubmit={form.handleSubmit(({ receiverAddress }) => {
        if (mutation.isPending) return
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
