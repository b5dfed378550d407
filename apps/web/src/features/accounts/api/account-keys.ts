import type { AccountListParams } from './get-accounts.ts'

/** Query keys of the accounts feature, generic to specific; filters live in the key. */
export const accountKeys = {
  all: ['accounts'] as const,
  lists: () => [...accountKeys.all, 'list'] as const,
  list: (params: AccountListParams) => [...accountKeys.lists(), params] as const,
  details: () => [...accountKeys.all, 'detail'] as const,
  detail: (accountUid: string) => [...accountKeys.details(), accountUid] as const,
}
