import { type AuthSession, ErrorCode, isErrorCode, parseErrorDetails } from '@app/contract'
import { useNavigate } from 'react-router'
import { isolatePhoneNumber } from '#components/ui/phone-number.tsx'
import { paths } from '#config/paths.ts'
import { isApiError } from '#lib/api-error.ts'
import { showDialog } from '#lib/dialogs.ts'
import { attemptsLeftOf, type StatusMessages, showApiErrorDialog } from '#lib/error-message.ts'
import { hapticNotification } from '#lib/telegram/haptics.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import type { LoginFlow } from '../flow-store.ts'

/** Where a flow starts again: its phone screen, with the number as the lists show it filled in. */
export type Restart = { to: string; phone: string; state?: unknown }

export const loginRestart = (flow: LoginFlow): Restart => ({
  to: paths.submitAccountPhone,
  phone: flow.formattedPhone,
  state: { type: flow.submitType },
})
export const signupRestart = (session: AuthSession): Restart => ({
  to: paths.signupSendCode,
  phone: session.formattedPhone,
})

/** Goes back to the flow's phone screen, number filled in; the step it leaves is replaced, not kept in history. */
export function useRestart() {
  const navigate = useNavigate()
  return ({ to, phone, state }: Restart) =>
    void navigate(`${to}?${new URLSearchParams({ phone })}`, { replace: true, state })
}

/** Why the flow is over, if the answer says so: 410 FLOW_ENDED, or a wrong answer that used the last try. */
function flowEndReason(error: unknown): 'expired' | 'too_many_attempts' | undefined {
  if (!isApiError(error) || !isErrorCode(error.code)) return undefined
  if (error.code === ErrorCode.FLOW_ENDED)
    return parseErrorDetails(ErrorCode.FLOW_ENDED, error.details)?.reason ?? 'expired'
  return attemptsLeftOf(error.code, error.details) === 0 ? 'too_many_attempts' : undefined
}

/**
 * A step's failed call: the call's rows of spec section 8 in the Error dialog, except for an ended flow (expired,
 * tries used up), which says why and starts again at the phone screen, number filled in, whichever button closes it.
 */
export function useStepErrors(restart: Restart | null) {
  const { t } = useTranslation(['accounts', 'common'])
  const restartFlow = useRestart()
  return (error: unknown, rows: StatusMessages) => {
    const reason = flowEndReason(error)
    if (reason === undefined || restart === null) return void showApiErrorDialog(error, t, rows)
    hapticNotification('error')
    const texts = reason === 'expired' ? 'expired' : 'attempts'
    void showDialog({
      title: t(`accounts.submit.ended.${texts}Title`),
      message: t(`accounts.submit.ended.${texts}Message`, { phone: isolatePhoneNumber(restart.phone) }),
      buttons: [{ id: 'restart', text: t('accounts.submit.ended.restart') }],
    }).then(() => restartFlow(restart))
  }
}
