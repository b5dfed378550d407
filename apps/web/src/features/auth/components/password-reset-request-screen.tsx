import { useNavigate } from 'react-router'
import { paths } from '#config/paths.ts'
import { PASSWORD_RESET_REQUEST_ERRORS, showApiErrorDialog } from '#lib/error-message.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useRequestPasswordReset } from '../api/request-password-reset.ts'
import { type PasswordResetState, resendAfter } from '../email-auth-state.ts'
import { type PasswordResetRequestFormValues, passwordResetRequestFormSchema } from '../form-schemas.ts'
import { AuthForm } from './auth-form.tsx'

/**
 * /password-reset-request: email, new password and its retype -> 204 and a code by email; then
 * /password-reset-confirm with the email and the new password in navigation state (spec section 2).
 */
export function PasswordResetRequestScreen() {
  const { t, i18n } = useTranslation(['auth', 'common'])
  const navigate = useNavigate()
  const request = useRequestPasswordReset()
  return (
    <AuthForm<PasswordResetRequestFormValues, PasswordResetRequestFormValues>
      testId="password-reset-request"
      title={t('auth.passwordResetRequest.title')}
      intro={<p>{t('auth.resetRequest.intro')}</p>}
      fields={[
        { name: 'email', label: t('auth.field.email'), kind: 'email' },
        { name: 'newPassword', label: t('auth.field.newPassword'), kind: 'new-password' },
        { name: 'passwordRetype', label: t('auth.field.passwordRetype'), kind: 'new-password' },
      ]}
      schema={passwordResetRequestFormSchema}
      defaultValues={{ email: '', newPassword: '', passwordRetype: '' }}
      submitText={t('auth.resetRequest.submit')}
      pending={request.isPending}
      onSubmit={(values) =>
        request.mutate(
          { ...values, lng: i18n.language },
          {
            onSuccess: () => {
              const state: PasswordResetState = {
                email: values.email,
                newPassword: values.newPassword,
                resendAfter: resendAfter(),
              }
              void navigate(paths.passwordResetConfirm, { state })
            },
            onError: (error) => void showApiErrorDialog(error, t, PASSWORD_RESET_REQUEST_ERRORS),
          },
        )
      }
    />
  )
}
