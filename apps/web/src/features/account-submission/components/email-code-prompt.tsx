import { useTranslation } from '#lib/use-translation.tsx'

/**
 * The email-code steps' prompt, in the login flow and the sign-up flow alike: 'Enter the code we sent to your
 * email' and the address it went to, left to right in Persian too.
 */
export function EmailCodePrompt({ email }: { email: string | null }) {
  const { t } = useTranslation('accounts')
  return (
    <p>
      {t('accounts.submit.emailCode.prompt')}
      {email ? (
        <>
          {' '}
          <bdi dir="ltr" data-testid="email-code-sent-to">
            {email}
          </bdi>
        </>
      ) : null}
    </p>
  )
}
