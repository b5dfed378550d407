import { useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { CodeEntryForm } from '#components/forms/code-entry-form.tsx'
import { paths } from '#config/paths.ts'
import { showDialog } from '#lib/dialogs.ts'
import {
  PASSWORD_RESET_CONFIRM_ERRORS,
  PASSWORD_RESET_REQUEST_ERRORS,
  showApiErrorDialog,
} from '#lib/error-message.ts'
import { hapticNotification } from '#lib/telegram/haptics.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts'
import { useRequestPasswordReset } from '../api/request-password-reset.ts'
import {
  isolateEmail,
  type PasswordResetState,
  RESEND_INTERVAL_SECONDS,
  readPasswordResetState,
  secondsUntil,
} from '../email-auth-state.ts'
import { passwordResetCodeFormSchema } from '../form-schemas.ts'
import { EmailResendLink } from './email-resend-link.tsx'
import { floodWait } from './flood-wait.ts'

/**
 * /password-reset-confirm: the code sent to the email, with the email and the new password from navigation
 * state (without them there is nothing to confirm: back to /password-reset-request). Success: 'Success', then
 * /login, replacing this history entry so the new password does not stay in it.
 */
export function PasswordResetConfirmScreen() {
  const location = useLocation()
  const state = readPasswordResetState(location.state)
  if (!state) return <Navigate to={paths.passwordResetRequest} replace />
  return <PasswordResetConfirm state={state} />
}

function PasswordResetConfirm({ state }: { state: PasswordResetState }) {
  const { t, i18n } = useTranslation(['auth', 'common'])
  const navigate = useNavigate()
  const confirm = useConfirmPasswordReset()
  const request = useRequestPasswordReset()
  const { email, newPassword } = state
  const [sent, setSent] = useState(() => ({ codeAt: 0, waitAt: 0, wait: secondsUntil(state.resendAfter) }))

  const resend = () =>
    request.mutate(
      { email, newPassword, passwordRetype: newPassword, lng: i18n.language },
      {
        onSuccess: () => {
          const now = Date.now()
          setSent({ codeAt: now, waitAt: now, wait: RESEND_INTERVAL_SECONDS })
        },
        onError: async (error) => {
          await showApiErrorDialog(error, t, PASSWORD_RESET_REQUEST_ERRORS)
          const wait = floodWait(error)
          if (wait !== undefined) setSent((current) => ({ ...current, waitAt: Date.now(), wait }))
        },
      },
    )

  return (
    <CodeEntryForm
      testId="password-reset-confirm"
      title={t('auth.passwordResetConfirm.title')}
      intro={
        <>
          <p>{t('auth.resetConfirm.intro')}</p>
          <p className="auth-email">
            <bdi dir="ltr" data-testid="password-reset-email">
              {email}
            </bdi>
          </p>
        </>
      }
      label={t('auth.field.code')}
      length={5}
      schema={passwordResetCodeFormSchema}
      sentAt={sent.codeAt}
      pending={confirm.isPending}
      submitText={t('auth.resetConfirm.submit')}
      onSubmit={({ code }) =>
        confirm.mutate(
          { code, email, newPassword },
          {
            onSuccess: () => {
              hapticNotification('success')
              void navigate(paths.login, { replace: true, state: { email } })
              void showDialog({
                title: t('auth.success.title'),
                message: t('auth.resetConfirm.success', { email: isolateEmail(email) }),
                buttons: [{ id: 'ok', text: t('action.ok', { ns: 'common' }) }],
              })
            },
            onError: (error) => void showApiErrorDialog(error, t, PASSWORD_RESET_CONFIRM_ERRORS),
          },
        )
      }
      resend={
        <EmailResendLink
          timeout={sent.wait}
          sentAt={sent.waitAt}
          pending={request.isPending}
          onResend={resend}
        />
      }
    />
  )
}
