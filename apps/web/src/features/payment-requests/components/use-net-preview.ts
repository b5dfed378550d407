import { useQuery } from '@tanstack/react-query'
import { exchangeRateQueryOptions } from '../api/get-exchange-rate.ts'
import { netPreview } from '../net-preview.ts'

type TransactionCurrency = 'trx' | 'usdt' | 'irt'

const PAIR = { trx: 'USDTTRX', irt: 'USDTIRT' } as const

export type NetPreview = {
  /** Payout-currency units per USDT: the current rate (GET /exchanges), 1 for usdt; undefined while read. */
  price: number | undefined
  /** Operators set no rate: the server would refuse the request (409 EXCHANGE_RATE_UNAVAILABLE). */
  rateUnavailable: boolean
  /** What the user will receive, in the payout currency; undefined until the invoice and the rate are known. */
  receive: number | undefined
}

/** The current rate of a payout currency and what the invoice (its exact amount) pays at it (net-preview.ts). */
export function useNetPreview(
  currency: TransactionCurrency,
  invoiceAmountExact: string | undefined,
): NetPreview {
  const pair = currency === 'usdt' ? null : PAIR[currency]
  const rate = useQuery({ ...exchangeRateQueryOptions(pair ?? 'USDTTRX'), enabled: pair !== null })
  const price = pair === null ? 1 : rate.data?.price
  return {
    price,
    rateUnavailable: pair !== null && rate.isError,
    receive:
      price === undefined || invoiceAmountExact === undefined
        ? undefined
        : netPreview(currency, invoiceAmountExact, price),
  }
}
