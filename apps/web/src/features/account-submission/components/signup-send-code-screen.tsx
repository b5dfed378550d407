import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { showApiErrorDialog, showErrorDialog } from '../../../lib/error-message.ts'
import { useSendSignupCode } from '../api/send-signup-code.ts'
import { channelKey, codeTypeFromAuth } from '../code-types.ts'
import { PHONE_ERRORS } from '../error-messages.ts'
import { setSignupSession } from '../flow-store.ts'
import { phoneFormSchema } from '../form-schemas.ts'
import { SingleFieldForm } from './single-field-form.tsx'
import { PHONE_INPUT } from './submit-phone-screen.tsx'

/**
 * /accounts/auth/send-code: registers a new account. 'Email setup required' -> setup-login-email;
 * SMS -> signup; any other code type cannot register here (spec section 4).
 */
export function SignupSendCodeScreen() {
  const { t } = useTranslation(['accounts', 'common'])
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const mutation = useSendSignupCode()
  return (
    <SingleFieldForm
      testId="signup-phone"
      title={t('accounts.sendCode.title')}
      intro={<p>{t('accounts.submit.phone.prompt')}</p>}
      label={t('accounts.submit.phone.label')}
      schema={phoneFormSchema}
      defaultValue={params.get('phone') ?? ''}
      input={PHONE_INPUT}
      submitText={t('accounts.submit.next')}
      pending={mutation.isPending}
      onSubmit={(phoneNumber) =>
        mutation.mutate(
          { phoneNumber, purpose: 'signup' },
          {
            onSuccess: (session) => {
              setSignupSession(session)
              const type = session.sentCode?.type['@type']
              if (type === 'authenticationCodeTypeSetUpEmailRequired') {
                void navigate(paths.signupSetupLoginEmail)
              } else if (type === 'authenticationCodeTypeSms') {
                void navigate(paths.signup)
              } else {
                const channel = type ? t(channelKey(codeTypeFromAuth(type))) : '-'
                void showErrorDialog(t, t('accounts.signup.unsupportedCodeType', { channel }))
              }
            },
            onError: (error) => void showApiErrorDialog(error, t, PHONE_ERRORS),
          },
        )
      }
    />
  )
}
