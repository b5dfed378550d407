/**
 * A left-to-right isolate (U+2066 ... U+2069) around a Latin run (a phone, an email, an id) inside plain text,
 * where no <bdi> can go (Telegram's popups, a message built from a translation): in a Persian sentence it keeps
 * its order ('+98 912 000 0001', not '0001 000 912 98+').
 */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`

/**
 * The same with left-to-right marks (U+200E) on both sides, for text a form control draws itself: Chromium's closed
 * <select> ignores isolates ('ایران (98+)'), a mark beside the '+' keeps it in front ('ایران (+98)').
 */
export const markLtr = (text: string) => `\u200e${text}\u200e`
