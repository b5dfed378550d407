import { zodResolver } from '@hookform/resolvers/zod'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import type * as z from 'zod/mini'
import { FormPage } from '../../../components/layout/form-page.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { useTranslation } from '../../../lib/use-translation.tsx'

export type SingleFieldSchema = z.ZodMiniType<{ value: string }, { value: string }>

type SingleFieldFormProps = {
  title: string
  /** Lines under the title: the prompt, how the code was sent... */
  intro?: ReactNode
  label: string
  schema: SingleFieldSchema
  defaultValue?: string
  input?: Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'defaultValue' | 'value'>
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
  title,
  intro,
  label,
  schema,
  defaultValue = '',
  input,
  submitText,
  pending,
  onSubmit,
  children,
  testId,
}: SingleFieldFormProps) {
  const { t } = useTranslation('common')
  const form = useForm<{ value: string }>({
    resolver: zodResolver(schema),
    defaultValues: { value: defaultValue },
  })
  const error = form.formState.errors.value?.message
  return (
    <FormPage
      title={title}
      testId={testId}
      intro={intro ? <div className="form-intro">{intro}</div> : null}
      submitText={submitText}
      pending={pending}
      onSubmit={form.handleSubmit(({ value }) => {
        if (!pending) onSubmit(value)
      })}
      after={children}
    >
      <Field
        label={label}
        error={error ? t(error) : undefined}
        autoFocus
        {...input}
        {...form.register('value')}
      />
    </FormPage>
  )
}
