import { Navigate } from 'react-router'
import { CODE_INPUT } from '#components/forms/code-entry-form.tsx'
import { paths } from '#config/paths.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useVerifyLoginEmail } from '../api/verify-login-email.ts'
import { EMAIL_CODE_ERRORS } from '../error-messages.ts'
import { getSignupEmail, getSignupSession, setSignupSession } from '../flow-store.ts'
import { emailCodeFormSchema } from '../form-schemas.ts'
import { EmailCodePrompt } from './email-code-prompt.tsx'
import { SingleFieldForm } from './single-field-form.tsx'
import { signupRestart, useStepErrors } from './use-step-errors.ts'
import { useWizardNavigation } from './use-wizard-navigation.ts'

/** /accounts/auth/verify-login-email: the email code; goes on to signup when a phone code was sent. */
export function SignupVerifyEmailScreen() {
  const { t } = useTranslation(['accounts', 'common'])
  const wizard = useWizardNavigation()
  const mutation = useVerifyLoginEmail()
  const session = getSignupSession()
  const showError = useStepErrors(session && signupRestart(session))
  if (!session) return <Navigate to={paths.signupSendCode} replace />
  const length = session.sentEmailCode?.length
  return (
    <SingleFieldForm
      testId="signup-email-code"
      title={t('accounts.verifyLoginEmail.title')}
      intro={<EmailCodePrompt email={getSignupEmail()} />}
      label={t('accounts.submit.emailCode.label')}
      schema={emailCodeFormSchema(length)}
      input={{ ...CODE_INPUT, maxLength: length ?? 16 }}
      submitText={t('accounts.submit.next')}
      pending={mutation.isPending}
      onSubmit={(code) =>
        mutation.mutate(
          { code, sessionId: session.sessionId, phoneNumber: session.phoneNumber },
          {
            onSuccess: (next) => {
              setSignupSession(next)
              if (next.sentCode) wizard.next(paths.signup)
            },
            onError: (error) => showError(error, EMAIL_CODE_ERRORS),
          },
        )
      }
    />
  )
}
