import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { showApiErrorDialog } from '../../../lib/error-message.ts'
import { useSetupLoginEmail } from '../api/setup-login-email.ts'
import { EMAIL_ERRORS } from '../error-messages.ts'
import { getSignupSession, setSignupSession } from '../flow-store.ts'
import { emailFormSchema } from '../form-schemas.ts'
import { SingleFieldForm } from './single-field-form.tsx'
import { EMAIL_INPUT } from './submit-email-screen.tsx'

/** /accounts/auth/setup-login-email: goes on to verify-login-email once an email code was sent. */
export function SignupSetupEmailScreen() {
  const { t } = useTranslation(['accounts', 'common'])
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const mutation = useSetupLoginEmail()
  const session = getSignupSession()
  if (!session) return <Navigate to={paths.signupSendCode} replace />
  return (
    <SingleFieldForm
      testId="signup-email"
      title={t('accounts.setupLoginEmail.title')}
      intro={<p>{t('accounts.submit.email.prompt')}</p>}
      label={t('accounts.submit.email.label')}
      schema={emailFormSchema}
      defaultValue={params.get('email') ?? ''}
      input={EMAIL_INPUT}
      submitText={t('accounts.submit.next')}
      pending={mutation.isPending}
      onSubmit={(email) =>
        mutation.mutate(
          { email, sessionId: session.sessionId, phoneNumber: session.phoneNumber },
          {
            onSuccess: (next) => {
              setSignupSession(next)
              if (next.sentEmailCode) void navigate(paths.signupVerifyLoginEmail)
            },
            onError: (error) => void showApiErrorDialog(error, t, EMAIL_ERRORS),
          },
        )
      }
    />
  )
}
