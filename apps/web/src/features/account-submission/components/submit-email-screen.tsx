import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { showApiErrorDialog } from '../../../lib/error-message.ts'
import { useSubmitAccountEmail } from '../api/submit-account-email.ts'
import { EMAIL_ERRORS } from '../error-messages.ts'
import { getLoginFlow, updateLoginFlow } from '../flow-store.ts'
import { emailFormSchema } from '../form-schemas.ts'
import { SingleFieldForm } from './single-field-form.tsx'

export const EMAIL_INPUT = { type: 'email', inputMode: 'email', autoComplete: 'email', dir: 'ltr' } as const

/** /accounts/submit-account-email?email=: the account needs a login email before a code can be sent. */
export function SubmitEmailScreen() {
  const { t } = useTranslation(['accounts', 'common'])
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const mutation = useSubmitAccountEmail()
  if (!getLoginFlow()) return <Navigate to={paths.submitAccountPhone} replace state={{ type: 'login' }} />
  return (
    <SingleFieldForm
      testId="submit-email"
      title={t('accounts.submitEmail.title')}
      intro={<p>{t('accounts.submit.email.prompt')}</p>}
      label={t('accounts.submit.email.label')}
      schema={emailFormSchema}
      defaultValue={params.get('email') ?? ''}
      input={EMAIL_INPUT}
      submitText={t('accounts.submit.next')}
      pending={mutation.isPending}
      onSubmit={(email) =>
        mutation.mutate(
          { email },
          {
            onSuccess: (data) => {
              updateLoginFlow({ email: data.email, emailCodeLength: data.emailCode.length })
              void navigate(paths.submitAccountEmailCode)
            },
            onError: (error) => void showApiErrorDialog(error, t, EMAIL_ERRORS),
          },
        )
      }
    />
  )
}
