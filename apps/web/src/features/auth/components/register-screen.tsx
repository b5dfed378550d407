import { useNavigate, useSearchParams } from 'react-router'
import { paths } from '#config/paths.ts'
import { showDialog } from '#lib/dialogs.ts'
import { REGISTER_ERRORS, showApiErrorDialog } from '#lib/error-message.ts'
import { hapticNotification } from '#lib/telegram/haptics.ts'
import { useLaunchParams } from '#lib/telegram/launch-context.tsx'
import { useTranslation } from '#lib/use-translation.tsx'
import { referralCodeFrom } from '../api/authorize-telegram.ts'
import { useRegister } from '../api/register.ts'
import { type EmailState, isolateEmail, resendAfter } from '../email-auth-state.ts'
import { type RegisterFormValues, registerFormSchema } from '../form-schemas.ts'
import { type AuthField, AuthForm } from './auth-form.tsx'
import { AuthLinks } from './auth-links.tsx'
import { useTelegramSession } from './use-telegram-session.ts'

/**
 * /register: email, password and its retype. Signed in through Telegram (home's 'Add a sign-in email'), the email
 * becomes a second way into that user (the call carries the bearer token): the screen says so and offers no login.
 * Otherwise the referral gate holds: a referral code field, filled from the link's `ref` parameter (or Telegram's
 * start parameter). Then the verification screen.
 */
export function RegisterScreen() {
  const { t, i18n } = useTranslation(['auth', 'common'])
  const navigate = useNavigate()
  const launch = useLaunchParams()
  const [searchParams] = useSearchParams()
  const withSession = useTelegramSession()
  const registerMutation = useRegister()

  const fields: AuthField<RegisterFormValues>[] = [
    { name: 'email', label: t('auth.field.email'), kind: 'email' },
    { name: 'password', label: t('auth.field.password'), kind: 'new-password' },
    { name: 'passwordRetype', label: t('auth.field.passwordRetype'), kind: 'new-password' },
  ]
  if (!withSession) {
    fields.push({
      name: 'referralCode',
      label: t('auth.field.referralCode'),
      kind: 'text',
      hint: t('auth.register.referralHint'),
    })
  }
  const referralCode = searchParams.get('ref')?.trim() || referralCodeFrom(launch?.startParam ?? null) || ''

  return (
    <AuthForm
      testId="register"
      title={t(withSession ? 'auth.register.addEmailTitle' : 'auth.register.title')}
      intro={<p>{t(withSession ? 'auth.register.addEmailIntro' : 'auth.register.intro')}</p>}
      fields={fields}
      schema={registerFormSchema(!withSession)}
      defaultValues={{ email: '', password: '', passwordRetype: '', referralCode }}
      submitText={t(withSession ? 'auth.register.addEmailSubmit' : 'auth.register.submit')}
      pending={registerMutation.isPending}
      onSubmit={({ referralCode: code, ...values }) =>
        registerMutation.mutate(
          { body: { ...values, ...(code ? { referralCode: code } : {}), lng: i18n.language }, withSession },
          {
            onSuccess: () => {
              hapticNotification('success')
              // Without a session the code proves the registration of whoever set this password.
              const state: EmailState = { email: values.email, resendAfter: resendAfter() }
              if (!withSession) state.password = values.password
              void navigate(paths.emailVerificationConfirm, { state })
              void showDialog({
                title: t('auth.success.title'),
                message: t('auth.register.success', { email: isolateEmail(values.email) }),
                buttons: [{ id: 'ok', text: t('action.ok', { ns: 'common' }) }],
              })
            },
            onError: (error) => void showApiErrorDialog(error, t, REGISTER_ERRORS),
          },
        )
      }
      after={
        withSession ? null : (
          <AuthLinks
            links={[{ to: paths.login, text: t('auth.register.haveAccount'), testId: 'register-login' }]}
          />
        )
      }
    />
  )
}
