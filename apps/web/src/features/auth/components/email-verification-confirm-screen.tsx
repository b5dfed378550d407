import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { CodeEntryForm } from '../../../components/forms/code-entry-form.tsx'
import { paths } from '../../../config/paths.ts'
import { showDialog } from '../../../lib/dialogs.ts'
import {
  EMAIL_VERIFICATION_CONFIRM_ERRORS,
  EMAIL_VERIFICATION_REQUEST_ERRORS,
  showApiErrorDialog,
} from '../../../lib/error-message.ts'
import { hapticNotification } from '../../../lib/telegram/haptics.ts'
import { useTranslation } from '../../../lib/use-translation.tsx'
import { useConfirmEmailVerification } from '../api/confirm-email-verification.ts'
import { useRequestEmailVerification } from '../api/request-email-verification.ts'
import { isolateEmail, RESEND_INTERVAL_SECONDS, readEmailState, secondsUntil } from '../email-auth-state.ts'
import { emailVerificationFormSchema } from '../form-schemas.ts'
import { EmailResendLink } from './email-resend-link.tsx'
import { floodWait } from './flood-wait.ts'
import { useTelegramSession } from './use-telegram-session.ts'

const EMAIL_INPUT = { type: 'email', autoComplete: 'email', inputMode: 'email', dir: 'ltr' } as const

/**
 * /email-verification-confirm: the 5-digit code sent to the email in navigation state; opened without one
 * (a link, a new tab), the email is asked beside the code. Resend asks for a new code (known email only),
 * then waits a minute, or as long as a flood answer says. Success: 'Email verified successfully', then /login; signed
 * in through Telegram (the email added to this user), home, whose card then shows it.
 */
export function EmailVerificationConfirmScreen() {
  const { t, i18n } = useTranslation(['auth', 'common'])
  const navigate = useNavigate()
  const location = useLocation()
  const state = readEmailState(location.state)
  const knownEmail = state?.email ?? null
  const withSession = useTelegramSession()
  const confirm = useConfirmEmailVerification()
  const request = useRequestEmailVerification()
  /** `codeAt` changes when a new code was sent (the field empties); `waitAt` restarts the resend countdown. */
  const [sent, setSent] = useState(() => ({
    codeAt: 0,
    waitAt: 0,
    wait: secondsUntil(state?.resendAfter),
  }))

  const resend = (email: string) =>
    request.mutate(
      { email, lng: i18n.language },
      {
        onSuccess: () => {
          const now = Date.now()
          setSent({ codeAt: now, waitAt: now, wait: RESEND_INTERVAL_SECONDS })
        },
        onError: async (error) => {
          await showApiErrorDialog(error, t, EMAIL_VERIFICATION_REQUEST_ERRORS)
          const wait = floodWait(error)
          if (wait !== undefined) setSent((current) => ({ ...current, waitAt: Date.now(), wait }))
        },
      },
    )

  return (
    <CodeEntryForm
      testId="email-verification"
      title={t('auth.emailVerificationConfirm.title')}
      intro={
        knownEmail ? (
          <>
            <p>{t('auth.verify.intro')}</p>
            <p className="auth-email">
              <bdi dir="ltr" data-testid="email-verification-email">
                {knownEmail}
              </bdi>
            </p>
          </>
        ) : (
          <p>{t('auth.verify.introNoEmail')}</p>
        )
      }
      fields={knownEmail ? [] : [{ name: 'email', label: t('auth.field.email'), input: EMAIL_INPUT }]}
      label={t('auth.field.code')}
      length={5}
      schema={emailVerificationFormSchema(!knownEmail)}
      sentAt={sent.codeAt}
      pending={confirm.isPending}
      submitText={t('auth.verify.submit')}
      onSubmit={(values) => {
        const email = knownEmail ?? values.email ?? ''
        confirm.mutate(
          { code: values.code, email },
          {
            onSuccess: () => {
              hapticNotification('success')
              if (withSession) void navigate(paths.home, { replace: true })
              else void navigate(paths.login, { replace: true, state: { email } })
              void showDialog({
                title: t('auth.success.title'),
                message: t('auth.verify.success', { email: isolateEmail(email) }),
                buttons: [{ id: 'ok', text: t('action.ok', { ns: 'common' }) }],
              })
            },
            onError: (error) => void showApiErrorDialog(error, t, EMAIL_VERIFICATION_CONFIRM_ERRORS),
          },
        )
      }}
      resend={
        knownEmail ? (
          <EmailResendLink
            timeout={sent.wait}
            sentAt={sent.waitAt}
            pending={request.isPending}
            onResend={() => resend(knownEmail)}
          />
        ) : null
      }
    />
  )
}
