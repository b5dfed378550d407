import { useEffect } from 'react'
import { CountdownState, useCountdown } from '#hooks/use-countdown.ts'
import { Button } from '../ui/button.tsx'

export type ResendLinkProps = {
  /** Seconds before a resend is allowed. */
  timeout: number | null
  /** Changes whenever a new code was sent, restarting the countdown. */
  sentAt: number
  pending: boolean
  onResend: () => void
  /** The link's words: ready, while counting down, while the call runs. */
  text: { ready: string; waiting: (seconds: number) => string; pending: string }
  testId?: string
}

/**
 * The code screens' resend link: its countdown text until the timeout runs out, then the link; the pending
 * text (e.g. 'Requesting...') while the call runs. Disabled whenever it cannot be pressed.
 */
export function ResendLink({
  timeout,
  sentAt,
  pending,
  onResend,
  text,
  testId = 'resend-code',
}: ResendLinkProps) {
  const countdown = useCountdown(timeout ?? 0)
  const { start } = countdown
  // biome-ignore lint/correctness/useExhaustiveDependencies: sentAt is the restart signal
  useEffect(() => {
    start(timeout ?? 0)
  }, [sentAt, timeout, start])

  const counting = countdown.state === CountdownState.STARTED
  let label: string
  if (pending) label = text.pending
  else if (counting) label = text.waiting(countdown.remaining)
  else label = text.ready
  return (
    <div className="form-resend">
      <Button variant="plain" disabled={pending || counting} onClick={onResend} data-testid={testId}>
        {label}
      </Button>
    </div>
  )
}
