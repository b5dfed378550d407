import { useState } from 'react'
import { Navigate } from 'react-router'
import { isolatePhoneNumber } from '#components/ui/phone-number.tsx'
import { paths } from '#config/paths.ts'
import { isApiError } from '#lib/api-error.ts'
import { showDialog } from '#lib/dialogs.ts'
import { useBackHandler } from '#lib/telegram/back-handlers.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useResendCode } from '../api/resend-code.ts'
import { useSubmitAccountCode } from '../api/submit-account-code.ts'
import { CODE_ERRORS, RESEND_ERRORS } from '../error-messages.ts'
import { getLoginFlow, type LoginFlow, updateLoginFlow } from '../flow-store.ts'
import { CodeEntryForm } from './code-entry-form.tsx'
import { type AccountsChanged, useFinishSubmission } from './use-finish-submission.ts'
import { loginRestart, useRestart, useStepErrors } from './use-step-errors.ts'
import { useWizardNavigation } from './use-wizard-navigation.ts'

function CodeStep({ flow, onAccountsChanged }: { flow: LoginFlow; onAccountsChanged: AccountsChanged }) {
  const { t } = useTranslation(['accounts', 'common'])
  const wizard = useWizardNavigation()
  const [sent, setSent] = useState({ info: flow.sentCodeInfo, phone: flow.formattedPhone, at: Date.now() })
  const codeMutation = useSubmitAccountCode()
  const resendMutation = useResendCode()
  const restart = loginRestart(flow)
  const restartFlow = useRestart()
  const showError = useStepErrors(restart)
  const { finish, isPending: finishing } = useFinishSubmission(onAccountsChanged, showError)

  // Back asks first: leaving the code screen means editing the number.
  useBackHandler(() => {
    void showDialog({
      title: t('accounts.submit.editNumber.title'),
      message: t('accounts.submit.editNumber.message', { phone: isolatePhoneNumber(sent.phone) }),
      buttons: [
        { id: 'cancel', text: t('action.cancel', { ns: 'common' }) },
        { id: 'edit', text: t('accounts.submit.editNumber.confirm') },
      ],
    }).then((pressed) => {
      if (pressed === 'edit') restartFlow(restart)
    })
  })

  const info = sent.info
  return (
    <CodeEntryForm
      testId="submit-code"
      title={t('accounts.submitCode.title')}
      sentVia={info?.codeType ?? 'app'}
      phone={sent.phone}
      length={info?.length}
      sentAt={sent.at}
      pending={codeMutation.isPending || finishing}
      onSubmit={(code) =>
        codeMutation.mutate(
          { code },
          {
            onSuccess: () => finish(),
            onError: (error) => {
              if (isApiError(error) && (error.status === 303 || error.code === 'PASSWORD_REQUIRED')) {
                wizard.next(paths.submitAccountPassword)
                return
              }
              showError(error, CODE_ERRORS)
            },
          },
        )
      }
      resend={{
        nextType: info?.nextType ?? null,
        timeout: info?.timeout ?? null,
        pending: resendMutation.isPending,
        onResend: () =>
          resendMutation.mutate(undefined, {
            onSuccess: (data) => {
              updateLoginFlow({
                sentCodeInfo: data.sentCodeInfo,
                phone: data.phone,
                formattedPhone: data.formattedPhone,
              })
              setSent({ info: data.sentCodeInfo, phone: data.formattedPhone, at: Date.now() })
            },
            onError: (error) => showError(error, RESEND_ERRORS),
          }),
      }}
    />
  )
}

/** /accounts/submit-account-code: the login code, how it was sent, resend, then 2FA or submit. */
export function SubmitCodeScreen({ onAccountsChanged }: { onAccountsChanged: AccountsChanged }) {
  const flow = getLoginFlow()
  if (!flow) return <Navigate to={paths.submitAccountPhone} replace state={{ type: 'login' }} />
  return <CodeStep flow={flow} onAccountsChanged={onAccountsChanged} />
}
