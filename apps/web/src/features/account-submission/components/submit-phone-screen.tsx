import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { showApiErrorDialog } from '../../../lib/error-message.ts'
import { useSubmitAccountPhone } from '../api/submit-account-phone.ts'
import { PHONE_ERRORS } from '../error-messages.ts'
import { setLoginFlow } from '../flow-store.ts'
import { phoneFormSchema } from '../form-schemas.ts'
import { SingleFieldForm } from './single-field-form.tsx'

export const PHONE_INPUT = {
  type: 'tel',
  inputMode: 'tel',
  autoComplete: 'tel',
  dir: 'ltr',
  placeholder: '+44 7700 900123',
} as const

/** Navigation state { type: 'login' | 'register' } picks the title and the submit type (spec section 2). */
function submitTypeFrom(state: unknown): 'login' | 'register' {
  return state && typeof state === 'object' && 'type' in state && state.type === 'login'
    ? 'login'
    : 'register'
}

/** /accounts/submit-account-phone?phone=: the first step of the submit wizard. */
export function SubmitPhoneScreen() {
  const { t } = useTranslation(['accounts', 'common'])
  const navigate = useNavigate()
  const location = useLocation()
  const [params] = useSearchParams()
  const submitType = submitTypeFrom(location.state)
  const mutation = useSubmitAccountPhone()

  return (
    <SingleFieldForm
      testId="submit-phone"
      title={t(
        submitType === 'login' ? 'accounts.submitPhone.titleLogin' : 'accounts.submitPhone.titleRegister',
      )}
      intro={<p>{t('accounts.submit.phone.prompt')}</p>}
      label={t('accounts.submit.phone.label')}
      schema={phoneFormSchema}
      defaultValue={params.get('phone') ?? ''}
      input={PHONE_INPUT}
      submitText={t('accounts.submit.next')}
      pending={mutation.isPending}
      onSubmit={(phone) =>
        mutation.mutate(
          { phone, submitType },
          {
            onSuccess: (data) => {
              setLoginFlow({
                submitType,
                phone: data.phone,
                sentCodeInfo: data.sentCodeInfo,
                email: null,
                emailCodeLength: null,
              })
              void navigate(
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
