/**
 * What a payment request refreshes once it is answered (success or failure): the invoice lists and detail
 * and the dashboard belong to other features, so the route passes their invalidation in.
 */
export type PaymentRequestOptions = { onSettled?: () => Promise<unknown> }
