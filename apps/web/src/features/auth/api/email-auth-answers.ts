import type { Language } from '@app/contract'
import * as z from 'zod/mini'

/**
 * 201 (register) and 204 (verification, reset) answers: the app reads nothing from them, so any body (none, as
 * a 204 has) is accepted; a failure is still an ApiError from its status.
 */
export const IgnoredAnswerSchema = z.unknown()

/** The calls that send an email also say its language: the app's (the server falls back to Accept-Language). */
export type WithMailLanguage<T> = Omit<T, 'lng'> & { lng?: Language }
