import { Navigate } from 'react-router'
import { paths } from '#config/paths.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useSubmitAccountPassword } from '../api/submit-account-password.ts'
import { PASSWORD_ERRORS } from '../error-messages.ts'
import { getLoginFlow, type LoginFlow } from '../flow-store.ts'
import { passwordFormSchema } from '../form-schemas.ts'
import { SingleFieldForm } from './single-field-form.tsx'
import { type AccountsChanged, useFinishSubmission } from './use-finish-submission.ts'
import { loginRestart, useStepErrors } from './use-step-errors.ts'

/** /accounts/submit-account-password: Two-Step Verification. The password lives in the form only. */
export function SubmitPasswordScreen({ onAccountsChanged }: { onAccountsChanged: AccountsChanged }) {
  const flow = getLoginFlow()
  if (!flow) return <Navigate to={paths.submitAccountPhone} replace state={{ type: 'login' }} />
  return <PasswordStep flow={flow} onAccountsChanged={onAccountsChanged} />
}

function PasswordStep({ flow, onAccountsChanged }: { flow: LoginFlow; onAccountsChanged: AccountsChanged }) {
  const { t } = useTranslation(['accounts', 'common'])
  const mutation = useSubmitAccountPassword()
  const showError = useStepErrors(loginRestart(flow))
  const { finish, isPending: finishing } = useFinishSubmission(onAccountsChanged, showError)
  return (
    <SingleFieldForm
      testId="submit-password"
      title={t('accounts.submitPassword.title')}
      intro={<p>{t('accounts.submit.password.prompt')}</p>}
      label={t('accounts.submit.password.label')}
      schema={passwordFormSchema}
      input={{ type: 'password', autoComplete: 'current-password', dir: 'ltr' }}
      submitText={t('accounts.submit.submit')}
      pending={mutation.isPending || finishing}
      onSubmit={(password) =>
        mutation.mutate(
          { password },
          {
            onSuccess: () => finish(),
            onError: (error) => showError(error, PASSWORD_ERRORS),
          },
        )
      }
    />
  )
}
