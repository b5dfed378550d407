/** Referral codes: what `ops invite create` and referral links produce (letters, digits, `_` and `-`). No zod: the first screen reads it. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{4,64}$/
