import { useLocation } from 'react-router'
import { paths } from '#config/paths.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useSubmitAccountPhone } from '../api/submit-account-phone.ts'
import { setLoginFlow } from '../flow-store.ts'
import { type PhoneCountrySetting, PhoneStepForm } from './contact-step-forms.tsx'
import { useWizardNavigation } from './use-wizard-navigation.ts'

/** Navigation state { type: 'login' | 'register' } picks the title and the submit type (spec section 2). */
function submitTypeFrom(state: unknown): 'login' | 'register' {
  return state && typeof state === 'object' && 'type' in state && state.type === 'login'
    ? 'login'
    : 'register'
}

/** /accounts/submit-account-phone?phone=: the first step of the submit wizard. */
export function SubmitPhoneScreen({ phoneCountry }: { phoneCountry: PhoneCountrySetting }) {
  const { t } = useTranslation(['accounts', 'common'])
  const wizard = useWizardNavigation()
  const location = useLocation()
  const submitType = submitTypeFrom(location.state)
  const mutation = useSubmitAccountPhone()

  return (
    <PhoneStepForm
      testId="submit-phone"
      phoneCountry={phoneCountry}
      title={t(
        submitType === 'login' ? 'accounts.submitPhone.titleLogin' : 'accounts.submitPhone.titleRegister',
      )}
      pending={mutation.isPending}
      onSubmit={(typed, showError) =>
        mutation.mutate(
          { ...typed, submitType },
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
            onError: showError,
          },
        )
      }
    />
  )
}
