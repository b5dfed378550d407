import { V } from '@app/contract'
import { useCallback } from 'react'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { useTranslation } from '#lib/use-translation.tsx'
import { serverFieldErrors } from '../server-field-errors.ts'

const MESSAGE_KEYS: readonly string[] = Object.values(V)

/**
 * Puts a 400 VALIDATION_ERROR under the fields it names. The server answers the English text of the
 * contract's message key; the key is found again (so Persian shows Persian), else the field's own key.
 * Returns false when the error names none of the form's fields: the caller shows its failure dialog.
 */
export function useServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fallbackKeys: Partial<Record<Path<T>, string>>,
) {
  const { i18n } = useTranslation()
  return useCallback(
    (error: unknown): boolean => {
      const errors = serverFieldErrors(error)
      if (!errors) return false
      const english = i18n.getFixedT('en', 'common')
      let applied = false
      for (const { field, text } of errors) {
        const fallback = fallbackKeys[field as Path<T>]
        if (!fallback) continue
        const key = MESSAGE_KEYS.find((candidate) => english(candidate) === text) ?? fallback
        setError(field as Path<T>, { type: 'server', message: key }, { shouldFocus: !applied })
        applied = true
      }
      return applied
    },
    [i18n, setError, fallbackKeys],
  )
}
