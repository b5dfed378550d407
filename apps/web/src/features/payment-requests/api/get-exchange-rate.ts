import { type ExchangePair, exchangeRateCalls } from '@app/contract'
import { queryOptions } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'
import { paymentKeys } from './payment-keys.ts'

/** GET /exchanges/{pair}: `price` payout-currency units per 1 USDT. 404/409 when operators set no rate. */
function getExchangeRate(pair: ExchangePair, signal?: AbortSignal) {
  return call(exchangeRateCalls.get, { params: { pair } }, { signal })
}

/** The rate shown next to a payout form; a missing rate is an answer (error state), not worth retrying. */
export function exchangeRateQueryOptions(pair: ExchangePair) {
  return queryOptions({
    queryKey: paymentKeys.exchange(pair),
    queryFn: ({ signal }) => getExchangeRate(pair, signal),
    staleTime: 0,
    retry: false,
  })
}
