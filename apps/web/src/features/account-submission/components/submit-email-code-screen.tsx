import { Navigate } from 'react-router'
import { CODE_INPUT } from '#components/forms/code-entry-form.tsx'
import { paths } from '#config/paths.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useSubmitAccountEmailCode } from '../api/submit-account-email-code.ts'
import { EMAIL_CODE_ERRORS } from '../error-messages.ts'
import { getLoginFlow, updateLoginFlow } from '../flow-store.ts'
import { emailCodeFormSchema } from '../form-schemas.ts'
import { EmailCodePrompt } from './email-code-prompt.tsx'
import { SingleFieldForm } from './single-field-form.tsx'
import { loginRestart, useStepErrors } from './use-step-errors.ts'
import { useWizardNavigation } from './use-wizard-navigation.ts'

/** /accounts/submit-account-email-code: the code sent to the new login email, then the login code. */
export function SubmitEmailCodeScreen() {
  const { t } = useTranslation(['accounts', 'common'])
  const wizard = useWizardNavigation()
  const mutation = useSubmitAccountEmailCode()
  const flow = getLoginFlow()
  const showError = useStepErrors(flow && loginRestart(flow))
  if (!flow) return <Navigate to={paths.submitAccountPhone} replace state={{ type: 'login' }} />
  return (
    <SingleFieldForm
      testId="submit-email-code"
      title={t('accounts.submitEmailCode.title')}
      intro={<EmailCodePrompt email={flow.email} />}
      label={t('accounts.submit.emailCode.label')}
      schema={emailCodeFormSchema(flow.emailCodeLength)}
      input={{ ...CODE_INPUT, maxLength: flow.emailCodeLength ?? 16 }}
      submitText={t('accounts.submit.next')}
      pending={mutation.isPending}
      onSubmit={(code) =>
        mutation.mutate(
          { code },
          {
            onSuccess: (data) => {
              updateLoginFlow({
                sentCodeInfo: data.sentCodeInfo,
                phone: data.phone,
                formattedPhone: data.formattedPhone,
              })
              wizard.next(paths.submitAccountCode)
            },
            onError: (error) => showError(error, EMAIL_CODE_ERRORS),
          },
        )
      }
    />
  )
}
