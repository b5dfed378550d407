import { Navigate } from 'react-router'
import { paths } from '#config/paths.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useSubmitAccountEmail } from '../api/submit-account-email.ts'
import { EMAIL_ERRORS } from '../error-messages.ts'
import { getLoginFlow, updateLoginFlow } from '../flow-store.ts'
import { EmailStepForm } from './contact-step-forms.tsx'
import { loginRestart, useStepErrors } from './use-step-errors.ts'
import { useWizardNavigation } from './use-wizard-navigation.ts'

/** /accounts/submit-account-email?email=: the account needs a login email before a code can be sent. */
export function SubmitEmailScreen() {
  const { t } = useTranslation(['accounts', 'common'])
  const wizard = useWizardNavigation()
  const mutation = useSubmitAccountEmail()
  const flow = getLoginFlow()
  const showError = useStepErrors(flow && loginRestart(flow))
  if (!flow) return <Navigate to={paths.submitAccountPhone} replace state={{ type: 'login' }} />
  return (
    <EmailStepForm
      testId="submit-email"
      title={t('accounts.submitEmail.title')}
      pending={mutation.isPending}
      onSubmit={(email) =>
        mutation.mutate(
          { email },
          {
            onSuccess: (data) => {
              updateLoginFlow({ email: data.email, emailCodeLength: data.emailCode.length })
              wizard.next(paths.submitAccountEmailCode)
            },
            onError: (error) => showError(error, EMAIL_ERRORS),
          },
        )
      }
    />
  )
}
