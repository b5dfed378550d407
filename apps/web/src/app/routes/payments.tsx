import { UnavailableScreen } from '../../components/layout/unavailable-screen.tsx'

// Filled by the payments feature (method selection, the three forms, transaction detail).
export const SelectMethod = () => <UnavailableScreen ns="payments" titleKey="payments.selectMethod.title" />
export const RequestPaymentTrx = () => (
  <UnavailableScreen ns="payments" titleKey="payments.requestPayment.title" />
)
export const RequestPaymentCrypto = () => (
  <UnavailableScreen ns="payments" titleKey="payments.requestPaymentCrypto.title" />
)
export const RequestPaymentIrt = () => (
  <UnavailableScreen ns="payments" titleKey="payments.requestPaymentIrt.title" />
)
export const TransactionDetail = () => (
  <UnavailableScreen ns="payments" titleKey="payments.transaction.title" />
)
