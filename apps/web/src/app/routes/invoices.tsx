import { UnavailableScreen } from '../../components/layout/unavailable-screen.tsx'

// Filled by the invoices feature (list with create button, detail).
export const InvoiceList = () => <UnavailableScreen ns="invoices" titleKey="invoices.list.title" />
export const InvoiceDetail = () => <UnavailableScreen ns="invoices" titleKey="invoices.detail.title" />
