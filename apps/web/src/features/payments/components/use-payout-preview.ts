import { useQuery } from '@tanstack/react-query'
import { exchangeRateQueryOptions } from '../api/get-exchange-rate.ts'
import { payoutPreview } from '../payout-preview.ts'

type PayoutCurrency = 'trx' | 'usdt' | 'irt'

const PAIR = { trx: 'USDTTRX', irt: 'USDTIRT' } as const

export type PayoutPreview = {
  /** Payout-currency units per USDT: the current rate (GET /exchanges), 1 for usdt; undefined while read. */
  price: number | undefined
  /** Operators set no rate: the server would refuse the request (409 EXCHANGE_RATE_UNAVAILABLE). */
  rateUnavailable: boolean
  /** What the user will receive, in the payout currency; undefined until the invoice and the rate are known. */
  receive: number | undefined
}

/** The current rate of a payout currency and what the invoice pays at it (payout-preview.ts). */
export function usePayoutPreview(currency: PayoutCurrency, invoiceAmount: number | undefined): PayoutPreview {
  const pair = currency === 'usdt' ? null : PAIR[currency]
  const rate = useQuery({ ...exchangeRateQueryOptions(pair ?? 'USDTTRX'), enabled: pair !== null })
  const price = pair === null ? 1 : rate.data?.price
  return {
    price,
    rateUnavailable: pair !== null && rate.isError,
    receive:
      price === undefined || invoiceAmount === undefined
        ? undefined
        : payoutPreview(currency, invoiceAmount, price),
  }
}
