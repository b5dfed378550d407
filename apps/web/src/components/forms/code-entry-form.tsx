import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useLayoutEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import type { $ZodType } from 'zod/v4/core'
import { type InputProps, SchemaFormPage } from './schema-form.tsx'
import './forms.css'

/** What the code field types: digits, filled from the SMS or mail by the keyboard, left to right. */
export const CODE_INPUT = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  dir: 'ltr',
} as const

/** A field asked before the code, when the screen does not know it (e.g. the email the code went to). */
export type CodeFormField = { name: string; label: string; input?: InputProps }

/** The form's values: the code, and any field asked before it, by name. */
export type CodeFormValues = { code: string } & Record<string, string>

type CodeEntryFormProps = {
  testId: string
  title: string
  /** Lines under the title: how and where the code was sent. */
  intro?: ReactNode
  label: string
  /** The code's length when known: the field holds at most that many characters (16 otherwise). */
  length: number | null | undefined
  /** Validates every field (`code` and `fields`); messages are common-namespace i18n keys. */
  schema: $ZodType<CodeFormValues, CodeFormValues>
  fields?: readonly CodeFormField[]
  defaultValues?: Record<string, string>
  /** Changes whenever a new code was sent: the code field empties (other fields keep what was typed). */
  sentAt: number
  pending: boolean
  submitText: string
  onSubmit: (values: CodeFormValues) => void
  /** Under the form: the resend link. */
  resend?: ReactNode
}

/**
 * Every screen that asks for a code someone was sent (an account's login and sign-up codes, the email
 * verification and password reset codes): the intro, a numeric one-time-code field checked with the caller's
 * schema, Submit in the bottom bar (disabled while the call runs), and the resend link under it.
 */
export function CodeEntryForm({
  label,
  length,
  schema,
  fields = [],
  defaultValues,
  sentAt,
  resend,
  ...page
}: CodeEntryFormProps) {
  const form = useForm<CodeFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { ...defaultValues, code: '' },
  })
  const { resetField } = form
  const firstSentAt = useRef(sentAt)
  // A new code clears the field in the same commit that shows it: a useEffect may run after the next frame, late
  // enough to clear digits typed as the new code showed (an e2e run's code, typed then, was never sent).
  useLayoutEffect(() => {
    if (sentAt !== firstSentAt.current) resetField('code')
  }, [sentAt, resetField])

  return (
    <SchemaFormPage
      form={form}
      fields={[...fields, { name: 'code', label, input: { ...CODE_INPUT, maxLength: length ?? 16 } }]}
      after={resend}
      {...page}
    />
  )
}
