import { zodResolver } from '@hookform/resolvers/zod'
import type { ReactNode } from 'react'
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form'
import type { $ZodType } from 'zod/v4/core'
import { FormPage } from '../../../components/layout/form-page.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { useTranslation } from '../../../lib/use-translation.tsx'

export type AuthField<V> = {
  name: Path<V> & string
  label: string
  kind: 'email' | 'password' | 'new-password' | 'text'
  hint?: ReactNode
}

type AuthFormProps<V extends FieldValues, O> = {
  testId: string
  title: string
  intro?: ReactNode
  fields: readonly AuthField<V>[]
  /** The contract's body (or the form's variant of it); messages are i18n keys (common, or auth). */
  schema: $ZodType<O, V>
  defaultValues: DefaultValues<V>
  submitText: string
  pending: boolean
  onSubmit: (values: O) => void
  /** Under the form: links to the other screens. */
  after?: ReactNode
}

/** What each kind of field types: emails and passwords read left to right in Persian too. */
const INPUTS = {
  email: { type: 'email', autoComplete: 'email', inputMode: 'email', dir: 'ltr' },
  password: { type: 'password', autoComplete: 'current-password', dir: 'ltr' },
  'new-password': { type: 'password', autoComplete: 'new-password', dir: 'ltr' },
  text: { type: 'text', autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, dir: 'ltr' },
} as const

/**
 * The email sign-in screens' forms (login, register, reset request): labelled fields validated with the
 * contract, Submit in the bottom bar (spinning and disabled while the call runs). The form stays mounted
 * across a failed call, so nothing typed is lost.
 */
export function AuthForm<V extends FieldValues, O>({
  testId,
  title,
  intro,
  fields,
  schema,
  defaultValues,
  submitText,
  pending,
  onSubmit,
  after,
}: AuthFormProps<V, O>) {
  const { t } = useTranslation(['auth', 'common'])
  const form = useForm<V, unknown, O>({ resolver: zodResolver(schema), defaultValues })
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
      {fields.map((field, index) => {
        const message = form.formState.errors[field.name]?.message
        return (
          <Field
            key={field.name}
            label={field.label}
            error={typeof message === 'string' ? t(message) : undefined}
            hint={field.hint}
            autoFocus={index === 0}
            {...INPUTS[field.kind]}
            {...form.register(field.name)}
          />
        )
      })}
    </FormPage>
  )
}
