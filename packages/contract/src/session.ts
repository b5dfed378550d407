import * as z from 'zod/mini'

/*
 * What the first screen needs to sign in, apart from the rest of authorization: this module is in the
 * mini-app's entry chunk, so it holds nothing else (no validation messages, no request bodies).
 */

/** Referral codes: what `ops invite create` and referral links produce (letters, digits, `_` and `-`). */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{4,64}$/

export const TokenPairSchema = z.object({
  accessToken: z.string().check(z.minLength(1)),
  refreshToken: z.string().check(z.minLength(1)),
})
export type TokenPair = z.infer<typeof TokenPairSchema>
