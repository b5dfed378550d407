import { type InputHTMLAttributes, type ReactNode, useId } from 'react'
import { latinDigitsOnChange, typesNumbers } from '#lib/latin-digits.ts'

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode
  error?: ReactNode
  hint?: ReactNode
}

/**
 * A labelled input with its error; forms (react-hook-form) spread register() into it. On a numeric or phone
 * keyboard, Persian and Arabic-Indic digits turn Latin as they are typed.
 */
export function Field({ label, error, hint, id, onChange, ...input }: FieldProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const messageId = `${inputId}-message`
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...input}
        onChange={typesNumbers(input.inputMode) ? latinDigitsOnChange(onChange) : onChange}
        id={inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
      />
      {error ? (
        <span id={messageId} className="field__error" role="alert">
          {error}
        </span>
      ) : hint ? (
        <span id={messageId} className="field__hint">
          {hint}
        </span>
      ) : null}
    </div>
  )
}
