import { ErrorResponseSchema } from '../../common.ts'

/** What any operator call may answer: bad input, no or a wrong credential, a role too low. */
export const opsErrors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema }
