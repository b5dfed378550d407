import { V } from '@app/contract'
import { useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { isolatePhoneNumber } from '#components/ui/phone-number.tsx'
import { isApiError } from '#lib/api-error.ts'
import { markLtr } from '#lib/bidi.ts'
import { apiErrorMessage, showErrorDialog } from '#lib/error-message.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { PHONE_ERRORS } from '../error-messages.ts'
import { emailFormSchema, phoneFormSchema } from '../form-schemas.ts'
import { phoneCountries, phoneExample } from '../phone-countries.ts'
import { SingleFieldForm } from './single-field-form.tsx'

const PHONE_INPUT = { type: 'tel', inputMode: 'tel', autoComplete: 'tel', dir: 'ltr' } as const
const EMAIL_INPUT = { type: 'email', inputMode: 'email', autoComplete: 'email', dir: 'ltr' } as const

type StepProps = { testId: string; title: string; pending: boolean; onSubmit: (value: string) => void }

/** A number as typed and the country it is read in (the server parses it: docs/accounts.md). */
export type TypedPhone = { phone: string; country?: string }

/**
 * The country numbers are read in before the user picks one here (the one the server remembers for them: their
 * last pick, else their language's), and how a pick is remembered at once. The routes bring it from the dashboard.
 */
export type PhoneCountrySetting = {
  remembered: string | null | undefined
  remember: (country: string) => void
}

/** The country picker: every country in the user's language with its calling code ('Iran (+98)'). */
function CountryField({ value, onChange }: { value: string | null; onChange: (country: string) => void }) {
  const { t, i18n } = useTranslation('accounts')
  const id = useId()
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('accounts.submit.phone.country')}
      </label>
      <select
        id={id}
        className="field__input"
        data-testid="phone-country"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        {value === null ? (
          <option value="" disabled>
            {t('accounts.submit.phone.chooseCountry')}
          </option>
        ) : null}
        {phoneCountries(i18n.language).map((country) => (
          <option key={country.code} value={country.code}>
            {`${country.name} (${markLtr(`+${country.callingCode}`)})`}
          </option>
        ))}
      </select>
    </div>
  )
}

/** An example number inside a sentence: left to right, and never broken across lines (no-break spaces). */
const unbroken = (phone: string) => isolatePhoneNumber(phone.replaceAll(' ', '\u00a0'))

/**
 * The phone step, shared by the login wizard and the sign-up flow: prompt, country, number and button are the
 * same, only the title and what happens on submit differ. `?phone=` fills the field. The number is sent as typed
 * with the country; an invalid one (the form's check or the server's 422) is answered with an example of the
 * country's numbers. `onSubmit` gets the dialog for a failed call (spec section 8's phone rows).
 */
export function PhoneStepForm({
  onSubmit,
  phoneCountry,
  ...props
}: Omit<StepProps, 'onSubmit'> & {
  phoneCountry: PhoneCountrySetting
  onSubmit: (typed: TypedPhone, showError: (error: unknown) => void) => void
}) {
  const { t } = useTranslation(['accounts', 'common'])
  const [params] = useSearchParams()
  const [picked, pick] = useState<string | null>(null)
  const country = picked ?? phoneCountry.remembered ?? null
  const example = phoneExample(country)
  const exampleText = example.national
    ? t('accounts.submit.phone.example', {
        national: unbroken(example.national),
        international: unbroken(example.international),
      })
    : t('accounts.submit.phone.exampleInternational', {
        international: unbroken(example.international),
      })
  const showError = (error: unknown) => {
    const invalid = isApiError(error) && error.code === 'INVALID_PHONE_NUMBER'
    void showErrorDialog(
      t,
      [apiErrorMessage(error, t, PHONE_ERRORS), invalid ? exampleText : ''].join('\n').trim(),
    )
  }
  return (
    <SingleFieldForm
      {...props}
      intro={<p>{t('accounts.submit.phone.prompt')}</p>}
      beforeFields={<CountryField value={country} onChange={pick} />}
      label={t('accounts.submit.phone.label')}
      schema={phoneFormSchema}
      defaultValue={params.get('phone') ?? ''}
      input={{ ...PHONE_INPUT, placeholder: example.national ?? example.international }}
      explainError={(key) => (key === V.phoneInvalid ? exampleText : undefined)}
      submitText={t('accounts.submit.next')}
      onSubmit={(phone) => {
        if (country) phoneCountry.remember(country)
        onSubmit({ phone, ...(country ? { country } : {}) }, showError)
      }}
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
