import { ErrorCode } from '@app/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from 'react-router'
import { paths } from '#config/paths.ts'
import { isApiError } from '#lib/api-error.ts'
import { showDialog } from '#lib/dialogs.ts'
import {
  apiErrorMessage,
  EMAIL_VERIFICATION_REQUEST_ERRORS,
  LOGIN_ERRORS,
  showApiErrorDialog,
} from '#lib/error-message.ts'
import { hapticNotification } from '#lib/telegram/haptics.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useLogin } from '../api/login.ts'
import { useRequestEmailVerification } from '../api/request-email-verification.ts'
import { type EmailState, readEmailState, resendAfter } from '../email-auth-state.ts'
import { type LoginFormValues, loginFormSchema } from '../form-schemas.ts'
import { AuthForm } from './auth-form.tsx'
import { AuthLinks } from './auth-links.tsx'
import { floodWait } from './flood-wait.ts'

/** 403 EMAIL_NOT_VERIFIED (or a bare 403 from login): registered, but the code was never confirmed. */
const isNotVerified = (error: unknown) =>
  isApiError(error) &&
  error.status === 403 &&
  (error.code === ErrorCode.EMAIL_NOT_VERIFIED || error.code === 'HTTP_ERROR')

/**
 * /login: email and password -> the token pair, stored as Telegram sign-in stores it, then home. An email not
 * verified yet offers to send the code again and continues on /email-verification-confirm.
 */
export function LoginScreen() {
  const { t, i18n } = useTranslation(['auth', 'common'])
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const location = useLocation()
  const loginMutation = useLogin()
  const verification = useRequestEmailVerification()
  const knownEmail = readEmailState(location.state)?.email ?? ''

  const toVerification = (state: EmailState) => navigate(paths.emailVerificationConfirm, { state })

  /** The password is the registration's (403 comes only after it): the code screen proves with it. */
  const offerVerification = async ({ email, password }: LoginFormValues, error: unknown) => {
    hapticNotification('error')
    const choice = await showDialog({
      title: t('error.title', { ns: 'common' }),
      message: apiErrorMessage(error, t, LOGIN_ERRORS),
      buttons: [
        { id: 'send', text: t('auth.login.sendCode') },
        { id: 'cancel', text: t('action.cancel', { ns: 'common' }) },
      ],
    })
    if (choice !== 'send') return
    verification.mutate(
      { email, lng: i18n.language },
      {
        onSuccess: () => void toVerification({ email, password, resendAfter: resendAfter() }),
        onError: async (sendError) => {
          await showApiErrorDialog(sendError, t, EMAIL_VERIFICATION_REQUEST_ERRORS)
          // Asked too often: the code sent a moment ago still works, so the user goes on to type it.
          const wait = floodWait(sendError)
          if (wait !== undefined) void toVerification({ email, password, resendAfter: resendAfter(wait) })
        },
      },
    )
  }

  return (
    <AuthForm<LoginFormValues, LoginFormValues>
      testId="login"
      title={t('auth.login.title')}
      intro={<p>{t('auth.login.intro')}</p>}
      fields={[
        { name: 'email', label: t('auth.field.email'), kind: 'email' },
        { name: 'password', label: t('auth.field.password'), kind: 'password' },
      ]}
      schema={loginFormSchema}
      defaultValues={{ email: knownEmail, password: '' }}
      submitText={t('auth.login.submit')}
      pending={loginMutation.isPending || verification.isPending}
      onSubmit={(body) =>
        loginMutation.mutate(body, {
          onSuccess: () => {
            // Nothing cached for whoever used this page before may show for this user.
            queryClient.removeQueries()
            hapticNotification('success')
            void navigate(paths.home, { replace: true })
          },
          onError: (error) => {
            if (isNotVerified(error)) void offerVerification(body, error)
            else void showApiErrorDialog(error, t, LOGIN_ERRORS)
          },
        })
      }
      after={
        <AuthLinks
          links={[
            { to: paths.register, text: t('auth.login.noAccount'), testId: 'login-register' },
            {
              to: paths.passwordResetRequest,
              text: t('auth.login.forgotPassword'),
              testId: 'login-password-reset',
            },
          ]}
        />
      }
    />
  )
}
