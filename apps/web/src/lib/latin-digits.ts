import { toLatinDigits } from '@app/contract'

type ChangeHandler<E> = ((event: E) => unknown) | undefined

/**
 * The one place the mini-app turns typed Persian (۰-۹) and Arabic-Indic (٠-٩) digits Latin: an input's change
 * handler that rewrites the field's own value first, so the field shows what will be sent and every screen
 * reads one digit style. Every field a person types a number into goes through it: `Field` for the numeric and
 * phone keyboards, the sheba and wallet fields, the accounts search. The contract's `latinDigits()` check
 * normalises again when the value is validated, on the client and on the server.
 */
export function latinDigitsOnChange<E extends { target: unknown }>(
  onChange: ChangeHandler<E>,
): (event: E) => void {
  return (event) => {
    const field = event.target as HTMLInputElement | HTMLTextAreaElement
    const latin = toLatinDigits(field.value)
    if (latin !== field.value) field.value = latin
    onChange?.(event)
  }
}

/** A react-hook-form registration (or any props with `onChange`) whose field takes digits in any script. */
export function withLatinDigits<R extends { onChange: (event: { target: unknown }) => unknown }>(
  registration: R,
): R {
  return { ...registration, onChange: latinDigitsOnChange(registration.onChange) }
}

/** The keyboards a number is typed on: fields with these get `latinDigitsOnChange` from `Field` itself. */
export function typesNumbers(inputMode: string | undefined): boolean {
  return inputMode === 'numeric' || inputMode === 'tel' || inputMode === 'decimal'
}
