import { Navigate } from 'react-router'
import { paths } from '#config/paths.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useSetupLoginEmail } from '../api/setup-login-email.ts'
import { EMAIL_ERRORS } from '../error-messages.ts'
import { getSignupSession, setSignupEmail, setSignupSession } from '../flow-store.ts'
import { EmailStepForm } from './contact-step-forms.tsx'
import { signupRestart, useStepErrors } from './use-step-errors.ts'
import { useWizardNavigation } from './use-wizard-navigation.ts'

/** /accounts/auth/setup-login-email: goes on to verify-login-email once an email code was sent. */
export function SignupSetupEmailScreen() {
  const { t } = useTranslation(['accounts', 'common'])
  const wizard = useWizardNavigation()
  const mutation = useSetupLoginEmail()
  const session = getSignupSession()
  const showError = useStepErrors(session && signupRestart(session))
  if (!session) return <Navigate to={paths.signupSendCode} replace />
  return (
    <EmailStepForm
      testId="signup-email"
      title={t('accounts.setupLoginEmail.title')}
      pending={mutation.isPending}
      onSubmit={(email) =>
        mutation.mutate(
          { email, sessionId: session.sessionId, phoneNumber: session.phoneNumber },
          {
            onSuccess: (next) => {
              setSignupSession(next)
              setSignupEmail(email)
              if (next.sentEmailCode) wizard.next(paths.signupVerifyLoginEmail)
            },
            onError: (error) => showError(error, EMAIL_ERRORS),
          },
        )
      }
    />
  )
}
