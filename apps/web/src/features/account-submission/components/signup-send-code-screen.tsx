import { paths } from '#config/paths.ts'
import { showErrorDialog } from '#lib/error-message.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useSendSignupCode } from '../api/send-signup-code.ts'
import { channelKey, codeTypeFromAuth } from '../code-types.ts'
import { setSignupSession } from '../flow-store.ts'
import { type PhoneCountrySetting, PhoneStepForm } from './contact-step-forms.tsx'
import { useWizardNavigation } from './use-wizard-navigation.ts'

/**
 * /accounts/auth/send-code: registers a new account. 'Email setup required' -> setup-login-email;
 * SMS -> signup; any other code type cannot register here (spec section 4).
 */
export function SignupSendCodeScreen({ phoneCountry }: { phoneCountry: PhoneCountrySetting }) {
  const { t } = useTranslation(['accounts', 'common'])
  const wizard = useWizardNavigation()
  const mutation = useSendSignupCode()
  return (
    <PhoneStepForm
      testId="signup-phone"
      phoneCountry={phoneCountry}
      title={t('accounts.sendCode.title')}
      pending={mutation.isPending}
      onSubmit={({ phone, country }, showError) =>
        mutation.mutate(
          { phoneNumber: phone, ...(country ? { country } : {}), purpose: 'signup' },
          {
            onSuccess: (session) => {
              setSignupSession(session)
              const type = session.sentCode?.type['@type']
              if (type === 'authenticationCodeTypeSetUpEmailRequired') {
                wizard.next(paths.signupSetupLoginEmail)
              } else if (type === 'authenticationCodeTypeSms') {
                wizard.next(paths.signup)
              } else {
                const channel = type ? t(channelKey(codeTypeFromAuth(type))) : '-'
                void showErrorDialog(t, t('accounts.signup.unsupportedCodeType', { channel }))
              }
            },
            onError: showError,
          },
        )
      }
    />
  )
}
