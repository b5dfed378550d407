/** Query keys of the invoices feature, generic to specific. Invalidating a detail also covers its accounts. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (size: number) => [...invoiceKeys.lists(), { size }] as const,
  details: () => [...invoiceKeys.all, 'detail'] as const,
  detail: (invoiceUid: string) => [...invoiceKeys.details(), invoiceUid] as const,
  accounts: (invoiceUid: string, size: number) =>
    [...invoiceKeys.detail(invoiceUid), 'accounts', { size }] as const,
}
