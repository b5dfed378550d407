import type { CodeType } from '@app/contract'
import { useEffect } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { CountdownState, useCountdown } from '../../../hooks/use-countdown.ts'
import { useTranslation } from '../../../lib/use-translation.tsx'
import { channelKey } from '../code-types.ts'

type ResendCodeProps = {
  nextType: CodeType | null
  /** Seconds before a resend is allowed (server timeout). */
  timeout: number | null
  /** Changes whenever a new code was sent, restarting the countdown. */
  sentAt: number
  pending: boolean
  onResend: () => void
}

/**
 * 'Request {SMS or voice call} in Ns...' until the server's timeout runs out, then a link to get the code
 * by that channel; 'Requesting...' while asking; nothing when no other channel is offered.
 */
export function ResendCode({ nextType, timeout, sentAt, pending, onResend }: ResendCodeProps) {
  const { t } = useTranslation('accounts')
  const countdown = useCountdown(timeout ?? 0)
  const { start } = countdown
  // biome-ignore lint/correctness/useExhaustiveDependencies: sentAt is the restart signal
  useEffect(() => {
    start(timeout ?? 0)
  }, [sentAt, timeout, start])

  if (!nextType) return null
  const channel = t(channelKey(nextType))
  let text: string
  if (pending) text = t('accounts.submit.requesting')
  else if (countdown.state === CountdownState.STARTED)
    text = t('accounts.submit.resendIn', { channel, seconds: countdown.remaining })
  else text = t('accounts.submit.resend', { channel })
  const waiting = pending || countdown.state === CountdownState.STARTED
  return (
    <div className="submit-resend">
      <Button variant="plain" disabled={waiting} onClick={onResend} data-testid="resend-code">
        {text}
      </Button>
    </div>
  )
}
