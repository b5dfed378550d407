import type { CodeType } from '@app/contract'
import { CodeEntryForm as SharedCodeEntryForm } from '#components/forms/code-entry-form.tsx'
import { PhoneNumber } from '#components/ui/phone-number.tsx'
import { useTranslation } from '#lib/use-translation.tsx'
import { sentViaKey } from '../code-types.ts'
import { otpFormSchema } from '../form-schemas.ts'
import { ResendCode } from './resend-code.tsx'

type CodeEntryFormProps = {
  testId: string
  title: string
  /** How the code was sent and to which number: 'We've sent the code to the Telegram app on +44...'. */
  sentVia: CodeType
  phone: string
  /** The code's length when the provider names it (the field then refuses other lengths); 16 at most. */
  length: number | null | undefined
  /** Changes whenever a new code was sent: the field starts empty and the resend countdown again. */
  sentAt: number
  pending: boolean
  onSubmit: (code: string) => void
  resend: {
    /** The channel a resend would use; null: no resend offered. */
    nextType: CodeType | null
    /** Seconds before a resend is allowed. */
    timeout: number | null
    pending: boolean
    onResend: () => void
  }
}

/**
 * The login code and the sign-up code screens, on the app's one code form: how the code was sent, the code
 * checked against its length, Submit, and the resend link by the next channel with its countdown.
 */
export function CodeEntryForm({
  testId,
  title,
  sentVia,
  phone,
  length,
  sentAt,
  pending,
  onSubmit,
  resend,
}: CodeEntryFormProps) {
  const { t } = useTranslation('accounts')
  return (
    <SharedCodeEntryForm
      testId={testId}
      title={title}
      intro={
        <p>
          {t(sentViaKey(sentVia))} <PhoneNumber>{phone}</PhoneNumber>
        </p>
      }
      label={t('accounts.submit.code.label')}
      length={length}
      schema={otpFormSchema(length)}
      sentAt={sentAt}
      pending={pending}
      submitText={t('accounts.submit.submit')}
      onSubmit={({ code }) => onSubmit(code)}
      resend={
        <ResendCode
          nextType={resend.nextType}
          timeout={resend.timeout}
          sentAt={sentAt}
          pending={resend.pending}
          onResend={resend.onResend}
        />
      }
    />
  )
}
