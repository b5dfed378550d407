import * as z from 'zod/mini'

/** The token pair every sign-in answers (the mini-app's first screen imports only its type). */
export const TokenPairSchema = z.object({
  accessToken: z.string().check(z.minLength(1)),
  refreshToken: z.string().check(z.minLength(1)),
})
export type TokenPair = z.infer<typeof TokenPairSchema>
