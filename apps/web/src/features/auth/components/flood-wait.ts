import { ErrorCode, parseErrorDetails } from '@app/contract'
import { isApiError } from '#lib/api-error.ts'

/** The seconds an EMAIL_FLOOD answer says to wait before asking for another code; undefined for other errors. */
export function floodWait(error: unknown): number | undefined {
  if (!isApiError(error) || error.code !== ErrorCode.EMAIL_FLOOD) return undefined
  return parseErrorDetails(ErrorCode.EMAIL_FLOOD, error.details)?.wait
}
