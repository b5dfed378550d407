/*
 * Idempotency keys of the users' state-changing calls (docs/resilience.md, 'Poor network'). The mini-app sends
 * one key per user intent (a tap on Submit, Create Invoice, Request Payment) and keeps it across the retries of
 * that intent; the server runs the call once per (user, key) and answers a repeat with the stored answer. A key
 * sent again with another request is a 422 IDEMPOTENCY_KEY_REUSED; a repeat that arrives while the first is
 * still running waits for its answer, or gets 409 IDEMPOTENCY_KEY_IN_PROGRESS if that takes too long. Calls
 * without the header behave as they always did. This module is in the mini-app's entry chunk: no schemas here
 * (idempotency-schemas.ts).
 */

/** The request header (HTTP header names are case-insensitive; Node hands them to the server in lower case). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'

/** 8 to 128 characters of letters, digits and `-_.:`: a UUID fits, and nothing that could smuggle a header. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/
