import type { AccountFilters } from '@app/contract'

/** What one list of accounts shows: it is the list's query key, so every part of it is data. */
export type AccountListParams = {
  filters: AccountFilters
  search: string
  direction: 'asc' | 'desc'
}

/** Query keys of the accounts feature, generic to specific; filters live in the key. */
export const accountKeys = {
  all: ['accounts'] as const,
  lists: () => [...accountKeys.all, 'list'] as const,
  list: (params: AccountListParams) => [...accountKeys.lists(), params] as const,
  details: () => [...accountKeys.all, 'detail'] as const,
  detail: (accountUid: string) => [...accountKeys.details(), accountUid] as const,
}
