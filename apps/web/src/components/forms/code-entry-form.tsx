import { zodResolver } from '@hookform/resolvers/zod'
import { type InputHTMLAttributes, type ReactNode, useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import type { $ZodType } from 'zod/v4/core'
import { useTranslation } from '../../lib/use-translation.tsx'
import { FormPage } from '../layout/form-page.tsx'
import { Field } from '../ui/field.tsx'
import './forms.css'

/** What the code field types: digits, filled from the SMS or mail by the keyboard, left to right. */
export const CODE_INPUT = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  dir: 'ltr',
} as const

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'defaultValue' | 'value'>

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
  testId,
  title,
  intro,
  label,
  length,
  schema,
  fields = [],
  defaultValues,
  sentAt,
  pending,
  submitText,
  onSubmit,
  resend,
}: CodeEntryFormProps) {
  const { t } = useTranslation('common')
  const form = useForm<CodeFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { ...defaultValues, code: '' },
  })
  const { resetField } = form
  const firstSentAt = useRef(sentAt)
  useEffect(() => {
    if (sentAt !== firstSentAt.current) resetField('code')
  }, [sentAt, resetField])

  const errorOf = (name: string) => {
    const message = form.formState.errors[name]?.message
    return typeof message === 'string' ? t(message) : undefined
  }
  return (
    <FormPage
      title={title}
      testId={testId}
      intro={intro ? <div className="form-intro">{intro}</div> : null}
      submitText={submitText}
      pending={pending}
      onSubmit={form.handleSubmit((values) => {
        if (!pending) onSubmit(values)
      })}
      after={resend}
    >
      {fields.map((field, index) => (
        <Field
          key={field.name}
          label={field.label}
          error={errorOf(field.name)}
          autoFocus={index === 0}
          {...field.input}
          {...form.register(field.name)}
        />
      ))}
      <Field
        label={label}
        error={errorOf('code')}
        autoFocus={fields.length === 0}
        {...CODE_INPUT}
        maxLength={length ?? 16}
        {...form.register('code')}
      />
    </FormPage>
  )
}
