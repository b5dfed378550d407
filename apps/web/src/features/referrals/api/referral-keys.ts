/** Query keys of the referrals feature. */
export const referralKeys = {
  all: ['referrals'] as const,
  stats: () => [...referralKeys.all, 'stats'] as const,
  earnings: () => [...referralKeys.all, 'earnings'] as const,
}
