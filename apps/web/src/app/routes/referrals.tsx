export { ReferralsScreen as Component } from '#features/referrals/components/referrals-screen.tsx'
