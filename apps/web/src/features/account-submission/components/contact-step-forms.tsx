import { useSearchParams } from 'react-router'
import { useTranslation } from '../../../lib/use-translation.tsx'
import { emailFormSchema, phoneFormSchema } from '../form-schemas.ts'
import { SingleFieldForm } from './single-field-form.tsx'

const PHONE_INPUT = {
  type: 'tel',
  inputMode: 'tel',
  autoComplete: 'tel',
  dir: 'ltr',
  placeholder: '+44 7700 900123',
} as const
const EMAIL_INPUT = { type: 'email', inputMode: 'email', autoComplete: 'email', dir: 'ltr' } as const

type StepProps = { testId: string; title: string; pending: boolean; onSubmit: (value: string) => void }

/**
 * The phone step, shared by the login wizard and the sign-up flow: prompt, field and button are the same,
 * only the title and what happens on submit differ. `?phone=` fills the field.
 */
export function PhoneStepForm(props: StepProps) {
  const { t } = useTranslation(['accounts', 'common'])
  const [params] = useSearchParams()
  return (
    <SingleFieldForm
      {...props}
      intro={<p>{t('accounts.submit.phone.prompt')}</p>}
      label={t('accounts.submit.phone.label')}
      schema={phoneFormSchema}
      defaultValue={params.get('phone') ?? ''}
      input={PHONE_INPUT}
      submitText={t('accounts.submit.next')}
    />
  )
}

/** The login-email step, shared by the login wizard and the sign-up flow. `?email=` fills the field. */
export function EmailStepForm(props: StepProps) {
  const { t } = useTranslation(['accounts', 'common'])
  const [params] = useSearchParams()
  return (
    <SingleFieldForm
      {...props}
      intro={<p>{t('accounts.submit.email.prompt')}</p>}
      label={t('accounts.submit.email.label')}
      schema={emailFormSchema}
      defaultValue={params.get('email') ?? ''}
      input={EMAIL_INPUT}
      submitText={t('accounts.submit.next')}
    />
  )
}
