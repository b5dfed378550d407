import { zodResolver } from '@hookform/resolvers/zod'
import type { ReactNode } from 'react'
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form'
import type { $ZodType } from 'zod/v4/core'
import { SchemaFormPage } from '#components/forms/schema-form.tsx'

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
 * contract, messages from the auth namespace as well as common.
 */
export function AuthForm<V extends FieldValues, O>({
  schema,
  defaultValues,
  fields,
  ...page
}: AuthFormProps<V, O>) {
  const form = useForm<V, unknown, O>({ resolver: zodResolver(schema), defaultValues })
  return (
    <SchemaFormPage
      form={form}
      messagesNs="auth"
      fields={fields.map(({ kind, ...field }) => ({ ...field, input: INPUTS[kind] }))}
      {...page}
    />
  )
}
