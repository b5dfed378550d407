import { zodResolver } from '@hookform/resolvers/zod'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import type * as z from 'zod/mini'
import { type FormField, type InputProps, SchemaFormPage } from '#components/forms/schema-form.tsx'

export type SingleFieldSchema = z.ZodMiniType<{ value: string }, { value: string }>

type SingleFieldFormProps = {
  title: string
  /** Lines under the title: the prompt, how the code was sent... */
  intro?: ReactNode
  label: string
  schema: SingleFieldSchema
  defaultValue?: string
  input?: InputProps
  explainError?: FormField<{ value: string }>['explainError']
  /** Inside the form, before the field. */
  beforeFields?: ReactNode
  submitText: string
  pending: boolean
  onSubmit: (value: string) => void
  /** Under the field: e.g. the resend link. */
  children?: ReactNode
  testId: string
}

/**
 * One step of the wizard: a title, one field validated with the contract's schema (messages are
 * common-namespace keys), and the step's button pinned to the bottom, disabled while the call runs.
 */
export function SingleFieldForm({
  label,
  schema,
  defaultValue = '',
  input,
  explainError,
  onSubmit,
  children,
  ...page
}: SingleFieldFormProps) {
  const form = useForm<{ value: string }>({
    resolver: zodResolver(schema),
    defaultValues: { value: defaultValue },
  })
  return (
    <SchemaFormPage
      form={form}
      fields={[
        { name: 'value', label, ...(input ? { input } : {}), ...(explainError ? { explainError } : {}) },
      ]}
      onSubmit={({ value }) => onSubmit(value)}
      after={children}
      {...page}
    />
  )
}
