import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { PhoneCountrySetting } from '#features/account-submission/components/contact-step-forms.tsx'
import { SignupScreen } from '#features/account-submission/components/signup-screen.tsx'
import { SignupSendCodeScreen } from '#features/account-submission/components/signup-send-code-screen.tsx'
import { SignupSetupEmailScreen } from '#features/account-submission/components/signup-setup-email-screen.tsx'
import { SignupVerifyEmailScreen } from '#features/account-submission/components/signup-verify-email-screen.tsx'
import { SubmitCodeScreen } from '#features/account-submission/components/submit-code-screen.tsx'
import { SubmitEmailCodeScreen } from '#features/account-submission/components/submit-email-code-screen.tsx'
import { SubmitEmailScreen } from '#features/account-submission/components/submit-email-screen.tsx'
import { SubmitPasswordScreen } from '#features/account-submission/components/submit-password-screen.tsx'
import { SubmitPhoneScreen } from '#features/account-submission/components/submit-phone-screen.tsx'
import { accountKeys } from '#features/accounts/api/account-keys.ts'
import { dashboardKeys, dashboardQueryOptions } from '#features/dashboard/api/get-dashboard.ts'
import '#features/account-submission/components/submission.css'

/**
 * The submit wizard and the sign-up flow: one lazy chunk (a user who starts one walks through its steps).
 * A submitted or registered account refreshes the accounts lists and the dashboard (account count).
 */
function useRefreshAccounts() {
  const queryClient = useQueryClient()
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.summary() }),
      ]),
    [queryClient],
  )
}

export const SubmitEmail = SubmitEmailScreen
export const SubmitEmailCode = SubmitEmailCodeScreen
export const SignupSetupEmail = SignupSetupEmailScreen
export const SignupVerifyEmail = SignupVerifyEmailScreen

/**
 * The phone screens' country: the dashboard's (already in the cache from home; asked for only when absent), and a
 * pick written into it at once (the server remembers it with the number it came with).
 */
function usePhoneCountry(): PhoneCountrySetting {
  const queryClient = useQueryClient()
  const dashboard = useQuery({ ...dashboardQueryOptions(), staleTime: Number.POSITIVE_INFINITY }).data
  const remember = useCallback(
    (phoneCountry: string) =>
      queryClient.setQueryData(dashboardQueryOptions().queryKey, (cached) =>
        cached ? { ...cached, user: { ...cached.user, phoneCountry } } : cached,
      ),
    [queryClient],
  )
  return { remembered: dashboard?.user.phoneCountry, remember }
}

export function SubmitPhone() {
  return <SubmitPhoneScreen phoneCountry={usePhoneCountry()} />
}

export function SignupSendCode() {
  return <SignupSendCodeScreen phoneCountry={usePhoneCountry()} />
}

export function SubmitCode() {
  return <SubmitCodeScreen onAccountsChanged={useRefreshAccounts()} />
}

export function SubmitPassword() {
  return <SubmitPasswordScreen onAccountsChanged={useRefreshAccounts()} />
}

export function Signup() {
  return <SignupScreen onAccountsChanged={useRefreshAccounts()} />
}
