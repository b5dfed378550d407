import type { AuthSession } from '@app/contract'
import { useState } from 'react'
import { Navigate } from 'react-router'
import { isolatePhoneNumber } from '#components/ui/phone-number.tsx'
import { paths } from '#config/paths.ts'
import { showDialog } from '#lib/dialogs.ts'
import { hapticNotification } from '#lib/telegram/haptics.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useResendSignupCode } from '../api/resend-signup-code.ts'
import { useSignup } from '../api/signup.ts'
import { codeTypeFromAuth } from '../code-types.ts'
import { CODE_ERRORS, RESEND_ERRORS } from '../error-messages.ts'
import { getSignupSession, setSignupSession } from '../flow-store.ts'
import { CodeEntryForm } from './code-entry-form.tsx'
import type { AccountsChanged } from './use-finish-submission.ts'
import { signupRestart, useStepErrors } from './use-step-errors.ts'
import { useWizardNavigation } from './use-wizard-navigation.ts'

function SignupStep({
  initial,
  onAccountsChanged,
}: {
  initial: AuthSession
  onAccountsChanged: AccountsChanged
}) {
  const { t } = useTranslation(['accounts', 'common'])
  const wizard = useWizardNavigation()
  const [state, setState] = useState({ session: initial, at: Date.now() })
  const signupMutation = useSignup()
  const resendMutation = useResendSignupCode()
  const { session } = state
  const showError = useStepErrors(signupRestart(session))
  const sentCode = session.sentCode
  const codeType = sentCode ? codeTypeFromAuth(sentCode.type['@type']) : 'sms'
  const nextName = sentCode?.nextType?.['@type']
  const ref = { sessionId: session.sessionId, phoneNumber: session.phoneNumber }

  return (
    <CodeEntryForm
      testId="signup-code"
      title={t('accounts.signup.title')}
      sentVia={codeType}
      phone={session.formattedPhone}
      length={sentCode?.type.length}
      sentAt={state.at}
      pending={signupMutation.isPending}
      onSubmit={(phoneCode) =>
        signupMutation.mutate(
          { ...ref, phoneCode },
          {
            onSuccess: async (result) => {
              await onAccountsChanged()
              hapticNotification('success')
              wizard.finish()
              setSignupSession(null)
              void showDialog({
                title: t('accounts.signup.successTitle'),
                message: t('accounts.signup.successMessage', {
                  phone: isolatePhoneNumber(session.formattedPhone),
                  firstName: result.firstName,
                  lastName: result.lastName,
                }),
                buttons: [{ id: 'ok', text: t('action.ok', { ns: 'common' }) }],
              })
            },
            onError: (error) => showError(error, CODE_ERRORS),
          },
        )
      }
      resend={{
        nextType: nextName ? codeTypeFromAuth(nextName) : null,
        timeout: sentCode?.timeout ?? null,
        pending: resendMutation.isPending,
        onResend: () =>
          resendMutation.mutate(ref, {
            onSuccess: (next) => {
              setSignupSession(next)
              setState({ session: next, at: Date.now() })
            },
            onError: (error) => showError(error, RESEND_ERRORS),
          }),
      }}
    />
  )
}

/** /accounts/auth/signup: the phone code for the new account, with resend; success names the account. */
export function SignupScreen({ onAccountsChanged }: { onAccountsChanged: AccountsChanged }) {
  const session = getSignupSession()
  if (!session) return <Navigate to={paths.signupSendCode} replace />
  return <SignupStep initial={session} onAccountsChanged={onAccountsChanged} />
}
