import type { StatusMessages } from '#lib/error-message.ts'
import { hapticNotification } from '#lib/telegram/haptics.ts'
import { useSubmitAccount } from '../api/submit-account.ts'
import { SUBMIT_ACCOUNT_ERRORS } from '../error-messages.ts'
import { setLoginFlow } from '../flow-store.ts'
import { useWizardNavigation } from './use-wizard-navigation.ts'

export type AccountsChanged = () => Promise<unknown>

/** The last call of the wizard: submit the account, refresh lists and dashboard, go to /accounts. */
export function useFinishSubmission(
  onAccountsChanged: AccountsChanged,
  showError: (error: unknown, rows: StatusMessages) => void,
) {
  const wizard = useWizardNavigation()
  const mutation = useSubmitAccount()
  const finish = () =>
    mutation.mutate(undefined, {
      onSuccess: async () => {
        await onAccountsChanged()
        hapticNotification('success')
        wizard.finish()
        setLoginFlow(null)
      },
      onError: (error) => showError(error, SUBMIT_ACCOUNT_ERRORS),
    })
  return { finish, isPending: mutation.isPending }
}
