import type { CodeType } from '@app/contract'
import { ResendLink } from '#components/forms/resend-link.tsx'
import { useTranslation } from '#lib/use-translation.tsx'
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
  if (!nextType) return null
  const channel = t(channelKey(nextType))
  return (
    <ResendLink
      timeout={timeout}
      sentAt={sentAt}
      pending={pending}
      onResend={onResend}
      text={{
        ready: t('accounts.submit.resend', { channel }),
        waiting: (seconds) => t('accounts.submit.resendIn', { channel, seconds }),
        pending: t('accounts.submit.requesting'),
      }}
    />
  )
}
