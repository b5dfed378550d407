import { USDT_BEP20_FEE } from '@app/contract'
import { useTranslation } from 'react-i18next'
import type { PaymentRequestOptions } from '../api/payment-request-options.ts'
import { useRequestPaymentCrypto } from '../api/request-payment-crypto.ts'
import { usdtFormSchema } from '../form-schemas.ts'
import { PaymentNotes } from './payment-notes.tsx'
import { WALLET_MESSAGES, WalletPaymentForm } from './wallet-payment-form.tsx'

type Props = { invoiceUid: string } & PaymentRequestOptions

/** /invoices/:invoiceUid/request-payment-crypto: a USDT payout on BNB Smart Chain (BEP20), fee per payment. */
export function RequestPaymentCryptoScreen({ invoiceUid, onSettled }: Props) {
  const { t } = useTranslation('payments')
  const mutation = useRequestPaymentCrypto(invoiceUid, onSettled ? { onSettled } : {})
  return (
    <WalletPaymentForm
      invoiceUid={invoiceUid}
      testId="request-payment-crypto"
      title={t('payments.requestPaymentCrypto.title')}
      schema={usdtFormSchema}
      hint={t('payments.usdt.hint')}
      placeholder={t('payments.usdt.placeholder')}
      invalidKey={WALLET_MESSAGES.usdt}
      pending={mutation.isPending}
      intro={
        <p className="payments-intro" data-testid="usdt-fee">
          {t('payments.usdt.fee', { fee: USDT_BEP20_FEE })}
        </p>
      }
      submit={(receiverAddress, callbacks) =>
        mutation.mutate({ receiverAddress, network: 'BSC', token: 'USDT' }, callbacks)
      }
    >
      <PaymentNotes
        tone="warning"
        testId="payment-warnings"
        title={t('payments.warning.title')}
        items={[
          t('payments.usdt.warningNetwork'),
          t('payments.usdt.warningExchange'),
          t('payments.warning.lost'),
        ]}
      />
    </WalletPaymentForm>
  )
}
