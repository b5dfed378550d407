import { type FormEventHandler, type ReactNode, useId } from 'react'
import { Button } from '../ui/button.tsx'
import { Page } from './page.tsx'

type FormPageProps = {
  title: string
  testId: string
  /** Above the form: the prompt, the rate. */
  intro?: ReactNode
  /** The form's fields. */
  children: ReactNode
  /** Below the form: links, saved entries, notes. */
  after?: ReactNode
  submitText: string
  /** The call runs: the button spins. */
  pending: boolean
  disabled?: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
}

/**
 * A screen that is one form. Its submit button (test id `<testId>-submit`) sits in the bottom bar, outside
 * the form, and submits it by id.
 */
export function FormPage({
  title,
  testId,
  intro,
  children,
  after,
  submitText,
  pending,
  disabled,
  onSubmit,
}: FormPageProps) {
  const formId = useId()
  return (
    <Page
      title={title}
      testId={testId}
      actions={
        <Button
          type="submit"
          form={formId}
          stretched
          loading={pending}
          disabled={disabled}
          data-testid={`${testId}-submit`}
        >
          {submitText}
        </Button>
      }
    >
      {intro}
      <form id={formId} noValidate onSubmit={onSubmit}>
        {children}
      </form>
      {after}
    </Page>
  )
}
