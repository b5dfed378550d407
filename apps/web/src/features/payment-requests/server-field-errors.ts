import { ErrorCode } from '@app/contract'
import { isApiError } from '#lib/api-error.ts'

export type ServerFieldError = { field: string; text: string }

/**
 * A 400 VALIDATION_ERROR names the fields it refused: 'receiverAddress: Invalid TRON (TRC20) address',
 * 'bankCardCreate.iban: ...', several joined by '; '. Returns the last path segment of each and its text,
 * or null for any other error.
 */
export function serverFieldErrors(error: unknown): ServerFieldError[] | null {
  if (!isApiError(error) || error.status !== 400 || error.code !== ErrorCode.VALIDATION_ERROR) return null
  const found: ServerFieldError[] = []
  for (const part of error.message.split('; ')) {
    const match = /^([\w.[\]]+): (.+)$/.exec(part.trim())
    const field = match?.[1]?.split('.').pop()
    if (match?.[2] && field) found.push({ field, text: match[2] })
  }
  return found
}
