import { type BankCardSortSchema, bankCardCalls } from '@app/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { call } from '#lib/api-client.ts'
import { BANK_CARDS_PAGE_SIZE } from '../payment-constants.ts'
import { paymentKeys } from './payment-keys.ts'

const NEWEST_FIRST: z.input<typeof BankCardSortSchema>[] = [
  { model: 'BankCard', field: 'created_at', direction: 'desc' },
]

/** GET /bank-cards?size=24&sorts=[newest first]: the cards saved by earlier toman requests. */
function getBankCards(size = BANK_CARDS_PAGE_SIZE, signal?: AbortSignal) {
  return call(bankCardCalls.list, { query: { size, sorts: JSON.stringify(NEWEST_FIRST) } }, { signal })
}

/** The first page is enough to pick from (a user saves a handful of cards). */
function bankCardsQueryOptions(size = BANK_CARDS_PAGE_SIZE) {
  return queryOptions({
    queryKey: paymentKeys.bankCardList(size),
    queryFn: ({ signal }) => getBankCards(size, signal),
  })
}

export function useBankCards() {
  return useQuery(bankCardsQueryOptions())
}
