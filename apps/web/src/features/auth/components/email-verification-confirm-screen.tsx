import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { CodeEntryForm, type CodeFormField } from '#components/forms/code-entry-form.tsx'
import { paths } from '#config/paths.ts'
import { showDialog } from '#lib/dialogs.ts'
import {
  EMAIL_VERIFICATION_CONFIRM_ERRORS,
  EMAIL_VERIFICATION_REQUEST_ERRORS,
  showApiErrorDialog,
} from '#lib/error-message.ts'
import { hapticNotification } from '#lib/telegram/haptics.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useConfirmEmailVerification } from '../api/confirm-email-verification.ts'
import { useRequestEmailVerification } from '../api/request-email-verification.ts'
import { isolateEmail, RESEND_INTERVAL_SECONDS, readEmailState, secondsUntil } from '../email-auth-state.ts'
import { emailVerificationFormSchema } from '../form-schemas.ts'
import { EmailResendLink } from './email-resend-link.tsx'
import { floodWait } from './flood-wait.ts'
import { useTelegramSession } from './use-telegram-session.ts'

const EMAIL_INPUT = { type: 'email', autoComplete: 'email', inputMode: 'email', dir: 'ltr' } as const
const PASSWORD_INPUT = { type: 'password', autoComplete: 'current-password', dir: 'ltr' } as const

/**
 * /email-verification-confirm: the 5-digit code sent to the email in navigation state. The code proves the
 * registration of whoever enters it (docs/email-auth.md): with a Telegram session, that session's; otherwise the
 * one made with the password in navigation state (register and login put it there). Opened without them (a
 * link, a new tab), the email and the password are asked beside the code. Resend asks for a new code, then
 * waits a minute, or as long as a flood answer says. Success: 'Email verified successfully', then /login (signed
 * in through Telegram: home, whose card then shows the email), replacing this history entry so the password does
 * not stay in it.
 */
export function EmailVerificationConfirmScreen() {
  const { t, i18n } = useTranslation(['auth', 'common'])
  const navigate = useNavigate()
  const location = useLocation()
  const withSession = useTelegramSession()
  const state = readEmailState(location.state)
  const knownEmail = state?.email ?? null
  const askPassword = !withSession && !state?.password
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

  const fields: CodeFormField[] = []
  if (!knownEmail) fields.push({ name: 'email', label: t('auth.field.email'), input: EMAIL_INPUT })
  if (askPassword) fields.push({ name: 'password', label: t('auth.field.password'), input: PASSWORD_INPUT })

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
          <p>{t(askPassword ? 'auth.verify.introNoEmailPassword' : 'auth.verify.introNoEmail')}</p>
        )
      }
      fields={fields}
      label={t('auth.field.code')}
      length={5}
      schema={emailVerificationFormSchema({ email: !knownEmail, password: askPassword })}
      sentAt={sent.codeAt}
      pending={confirm.isPending}
      submitText={t('auth.verify.submit')}
      onSubmit={(values) => {
        const email = knownEmail ?? values.email ?? ''
        const password = state?.password ?? values.password
        confirm.mutate(
          { code: values.code, email, ...(password && !withSession ? { password } : {}) },
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
