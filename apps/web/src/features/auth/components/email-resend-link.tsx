import { ResendLink } from '#components/forms/resend-link.tsx'
import { useTranslation } from '#lib/use-translation.tsx'

type EmailResendLinkProps = {
  timeout: number
  sentAt: number
  pending: boolean
  onResend: () => void
}

/** 'Send the code again in Ns...', then 'Send the code again'; 'Sending...' while it asks. */
export function EmailResendLink(props: EmailResendLinkProps) {
  const { t } = useTranslation('auth')
  return (
    <ResendLink
      {...props}
      text={{
        ready: t('auth.resend.ready'),
        waiting: (seconds) => t('auth.resend.waiting', { seconds }),
        pending: t('auth.resend.pending'),
      }}
    />
  )
}
