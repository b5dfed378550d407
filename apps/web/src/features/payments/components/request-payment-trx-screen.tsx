import { useTranslation } from 'react-i18next'
import { useExchangeRate } from '../api/get-exchange-rate.ts'
import type { PaymentRequestOptions } from '../api/payment-request-options.ts'
import { useRequestPayment } from '../api/request-payment.ts'
import { trxFormSchema } from '../form-schemas.ts'
import { formatRate } from '../format.ts'
import { PaymentNotes } from './payment-notes.tsx'
import { WALLET_MESSAGES, WalletPaymentForm } from './wallet-payment-form.tsx'

type Props = { invoiceUid: string } & PaymentRequestOptions

/** /invoices/:invoiceUid/request-payment: a TRX TRC20 payout to one TRON address, with the current rate. */
export function RequestPaymentTrxScreen({ invoiceUid, onSettled }: Props) {
  const { t } = useTranslation('payments')
  const mutation = useRequestPayment(invoiceUid, onSettled ? { onSettled } : {})
  const rate = useExchangeRate('USDTTRX')
  return (
    <WalletPaymentForm
      invoiceUid={invoiceUid}
      testId="request-payment-trx"
      title={t('payments.requestPayment.title')}
      schema={trxFormSchema}
      hint={t('payments.trx.hint')}
      placeholder={t('payments.trx.placeholder')}
      invalidKey={WALLET_MESSAGES.trx}
      pending={mutation.isPending}
      intro={
        rate.data ? (
          <p className="payments-intro">
            <bdi dir="ltr" data-testid="exchange-rate">
              {t('payments.trx.rate', { price: formatRate(rate.data.price) })}
            </bdi>
          </p>
        ) : null
      }
      submit={(receiverAddress, callbacks) =>
        mutation.mutate({ receiverAddress, currency: 'trx' }, callbacks)
      }
    >
      <PaymentNotes
        tone="warning"
        testId="payment-warnings"
        title={t('payments.warning.title')}
        items={[
          t('payments.trx.warningAddress'),
          t('payments.trx.warningNetwork'),
          t('payments.warning.lost'),
        ]}
      />
    </WalletPaymentForm>
  )
}
