import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { isApiError } from '../../../lib/api-error.ts'
import { showDialog } from '../../../lib/dialogs.ts'
import { showApiErrorDialog } from '../../../lib/error-message.ts'
import { useBackHandler } from '../../../lib/telegram/back-handlers.ts'
import { useResendCode } from '../api/resend-code.ts'
import { useSubmitAccountCode } from '../api/submit-account-code.ts'
import { sentViaKey } from '../code-types.ts'
import { CODE_ERRORS, RESEND_ERRORS } from '../error-messages.ts'
import { getLoginFlow, type LoginFlow, updateLoginFlow } from '../flow-store.ts'
import { CODE_INPUT, otpFormSchema } from '../form-schemas.ts'
import { ResendCode } from './resend-code.tsx'
import { SingleFieldForm } from './single-field-form.tsx'
import { type AccountsChanged, useFinishSubmission } from './use-finish-submission.ts'

function CodeStep({ flow, onAccountsChanged }: { flow: LoginFlow; onAccountsChanged: AccountsChanged }) {
  const { t } = useTranslation(['accounts', 'common'])
  const navigate = useNavigate()
  const [sent, setSent] = useState({ info: flow.sentCodeInfo, phone: flow.phone, at: Date.now() })
  const codeMutation = useSubmitAccountCode()
  const resendMutation = useResendCode()
  const { finish, isPending: finishing } = useFinishSubmission(onAccountsChanged)

  // Back asks first: leaving the code screen means editing the number.
  useBackHandler(() => {
    void showDialog({
      title: t('accounts.submit.editNumber.title'),
      message: t('accounts.submit.editNumber.message', { phone: sent.phone }),
      buttons: [
        { id: 'cancel', text: t('action.cancel', { ns: 'common' }) },
        { id: 'edit', text: t('accounts.submit.editNumber.confirm') },
      ],
    }).then((pressed) => {
      if (pressed !== 'edit') return
      void navigate(`${paths.submitAccountPhone}?phone=${encodeURIComponent(flow.phone)}`, {
        replace: true,
        state: { type: flow.submitType },
      })
    })
  })

  const info = sent.info
  return (
    <SingleFieldForm
      key={sent.at}
      testId="submit-code"
      title={t('accounts.submitCode.title')}
      intro={
        <p>
          {t(sentViaKey(info?.codeType ?? 'app'))} <bdi dir="ltr">{sent.phone}</bdi>
        </p>
      }
      label={t('accounts.submit.code.label')}
      schema={otpFormSchema(info?.length)}
      input={{ ...CODE_INPUT, maxLength: info?.length ?? 16 }}
      submitText={t('accounts.submit.submit')}
      pending={codeMutation.isPending || finishing}
      onSubmit={(code) =>
        codeMutation.mutate(
          { code },
          {
            onSuccess: () => finish(),
            onError: (error) => {
              if (isApiError(error) && (error.status === 303 || error.code === 'PASSWORD_REQUIRED')) {
                void navigate(paths.submitAccountPassword)
                return
              }
              void showApiErrorDialog(error, t, CODE_ERRORS)
            },
          },
        )
      }
    >
      <ResendCode
        nextType={info?.nextType ?? null}
        timeout={info?.timeout ?? null}
        sentAt={sent.at}
        pending={resendMutation.isPending}
        onResend={() =>
          resendMutation.mutate(undefined, {
            onSuccess: (data) => {
              updateLoginFlow({ sentCodeInfo: data.sentCodeInfo, phone: data.phone })
              setSent({ info: data.sentCodeInfo, phone: data.phone, at: Date.now() })
            },
            onError: (error) => void showApiErrorDialog(error, t, RESEND_ERRORS),
          })
        }
      />
    </SingleFieldForm>
  )
}

/** /accounts/submit-account-code: the login code, how it was sent, resend, then 2FA or submit. */
export function SubmitCodeScreen({ onAccountsChanged }: { onAccountsChanged: AccountsChanged }) {
  const flow = getLoginFlow()
  if (!flow) return <Navigate to={paths.submitAccountPhone} replace state={{ type: 'login' }} />
  return <CodeStep flow={flow} onAccountsChanged={onAccountsChanged} />
}
