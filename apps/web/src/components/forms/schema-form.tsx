import type { InputHTMLAttributes, ReactNode } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { useTranslation } from '#lib/use-translation.tsx'
import { FormPage } from '../layout/form-page.tsx'
import { Field } from '../ui/field.tsx'

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'defaultValue' | 'value'>

/** One labelled field of a form page; what it types (type, keyboard, direction) comes with `input`. */
export type FormField<V extends FieldValues> = {
  name: Path<V> & string
  label: string
  input?: InputProps
  hint?: ReactNode
  /** More words after an error message (its key): how the field's value is written. */
  explainError?: (messageKey: string) => string | undefined
}

type SchemaFormPageProps<V extends FieldValues, O> = {
  /** A react-hook-form built with the contract's schema (zodResolver): its messages are i18n keys. */
  form: UseFormReturn<V, unknown, O>
  fields: readonly FormField<V>[]
  /** Where the schema's message keys live besides `common` (the auth screens' own messages). */
  messagesNs?: 'common' | 'auth'
  testId: string
  title: string
  /** Lines under the title: the prompt, how and where a code was sent. */
  intro?: ReactNode
  /** Inside the form, before the fields: a control the fields depend on (the phone's country). */
  beforeFields?: ReactNode
  submitText: string
  pending: boolean
  onSubmit: (values: O) => void
  /** Under the form: links, the resend link. */
  after?: ReactNode
}

/**
 * Every one-form screen of the app (the account wizards' steps, the code screens, the email sign-in screens):
 * labelled fields checked with the contract's schema, the first focused, errors in the user's language, and
 * Submit in the bottom bar, disabled while the call runs. The form stays mounted across a failed call, so
 * nothing typed is lost.
 */
export function SchemaFormPage<V extends FieldValues, O>({
  form,
  fields,
  messagesNs = 'common',
  testId,
  title,
  intro,
  beforeFields,
  submitText,
  pending,
  onSubmit,
  after,
}: SchemaFormPageProps<V, O>) {
  const { t } = useTranslation(messagesNs === 'common' ? 'common' : [messagesNs, 'common'])
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
      after={after}
    >
      {beforeFields}
      {fields.map((field, index) => {
        const message = form.formState.errors[field.name]?.message
        const explained = typeof message === 'string' ? field.explainError?.(message) : undefined
        return (
          <Field
            key={field.name}
            label={field.label}
            error={
              typeof message === 'string' ? [t(message), explained].filter(Boolean).join('. ') : undefined
            }
            hint={field.hint}
            autoFocus={index === 0}
            {...field.input}
            {...form.register(field.name)}
          />
        )
      })}
    </FormPage>
  )
}
