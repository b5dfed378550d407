import { useLocation } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { showApiErrorDialog } from '../../../lib/error-message.ts'
import { useTranslation } from '../../../lib/use-translation.tsx'
import { useSubmitAccountPhone } from '../api/submit-account-phone.ts'
import { PHONE_ERRORS } from '../error-messages.ts'
import { setLoginFlow } from '../flow-store.ts'
import { PhoneStepForm } from './contact-step-forms.tsx'
import { useWizardNavigation } from './use-wizard-navigation.ts'

/** Navigation state { type: 'login' | 'register' } picks the title and the submit type (spec section 2). */
function submitTypeFrom(state: unknown): 'login' | 'register' {
  return state && typeof state === 'object' && 'type' in state && state.type === 'login'
    ? 'login'
    : 'register'
}

/** /accounts/submit-account-phone?phone=: the first step of the submit wizard. */
export function SubmitPhoneScreen() {
  const { t } = useTranslation(['accounts', 'common'])
  const wizard = useWizardNavigation()
  const location = useLocation()
  const submitType = submitTypeFrom(location.state)
  const mutation = useSubmitAccountPhone()

  return (
    <PhoneStepForm
      testId="submit-phone"
      title={t(
        submitType === 'login' ? 'accounts.submitPhone.titleLogin' : 'accounts.submitPhone.titleRegister',
      )}
      pending={mutation.isPending}
      onSubmit={(phone) =>
        mutation.mutate(
          { phone, submitType },
          {
            onSuccess: (data) => {
              setLoginFlow({
                submitType,
                phone: data.phone,
                formattedPhone: data.formattedPhone,
                sentCodeInfo: data.sentCodeInfo,
                email: null,
                emailCodeLength: null,
              })
              wizard.next(
                data.sentCodeInfo.codeType === 'setup_email_required'
                  ? paths.submitAccountEmail
                  : paths.submitAccountCode,
              )
            },
            onError: (error) => void showApiErrorDialog(error, t, PHONE_ERRORS),
          },
        )
      }
    />
  )
}
