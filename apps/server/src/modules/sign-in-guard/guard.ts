/**
 * Bounds on guessing a sign-in (an email's password, an operator's password and TOTP code) that a stranger cannot
 * turn against the owner (docs/email-auth.md, docs/console.md). Failures are counted per sign-in and address, and
 * per sign-in over every address:
 * - an address that failed `perAddress.max` times waits for its window to end; other addresses do not (strangers
 *   are paced where they are);
 * - once the sign-in failed `perSignIn.max` times from all addresses, only addresses it succeeded from in the last
 *   KNOWN_ADDRESS_SECONDS may try until that window ends (the sign-in is locked). That keeps the total guessing
 *   bounded however many addresses a guesser has, while the owner keeps signing in from their own.
 * What counts towards the lock is the guess worth bounding: every failure of a password sign-in, but for a
 * two-factor one only the tries that got past the password (`secondFactor`). A generated password is beyond
 * guessing, so strangers without it lock nothing, and the owner's right answer works from any address.
 * A proof only the owner has ends the lock (`succeeded` with `proof`; `resetSignIn` for new credentials).
 * A try is counted as a failure when it begins (a two-factor one at the lock when it passes the password), so
 * concurrent tries are counted one after the other; a right answer takes it back (`succeeded`). The counters live
 * in the database, shared by every server process.
 */

import type { Db } from '#db/client.ts'
import {
  type CounterWindow,
  clearCounters,
  countInWindow,
  readWindow,
  uncount,
  waitWhenOver,
} from '#db/rate-limit-counters.ts'
import type { SignInLimits } from '#src/config.ts'
import { addressGroup } from './address.ts'
import { forgetAddresses, isKnownAddress, rememberAddress } from './repository.ts'

type Limit = SignInLimits['perAddress']

/** An address a sign-in succeeded from stays its own for this long (and is pruned after it). */
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600

export type Refused = {
  admitted: false
  /** Whose failures refused it: this address's, or the sign-in's from every address (the lock). */
  scope: 'address' | 'sign-in'
  /** Seconds until the window that refused it ends. */
  wait: number
}

export type SignInTry =
  | Refused
  | {
      admitted: true
      /** This address's failures in its window, this try counted. */
      failures: number
      /** What a failure of this try closes, and until when: this address, the sign-in to other addresses. */
      closes: { address?: Date; signIn?: Date }
      /**
       * Two-factor sign-ins: the password was right. Counts the try towards the lock, and refuses it before its
       * code is checked when the lock is closed to this address.
       */
      passedPassword(): Promise<Refused | undefined>
      /**
       * A right answer: the try was no failure. `signedIn` remembers the address as the sign-in's own; `proof` (an
       * answer only the owner has, such as the TOTP code) ends the lock.
       */
      succeeded(options: { signedIn: boolean; proof?: boolean }): Promise<void>
    }

/** The counters' keys: one per sign-in and address (all of a sign-in's start with `addressPrefix`), one per sign-in. */
const keysOf = (subject: string) => ({
  addressPrefix: `sign-in:address:${subject}|`,
  signIn: `sign-in:all:${subject}`,
})

const windowEnd = (windowStart: Date, limit: Limit) =>
  new Date(windowStart.getTime() + limit.windowSeconds * 1000)

/** Begins a try at the sign-in `subject` from `ip` (see the module's comment). */
export async function beginSignIn(
  db: Db,
  attempt: { subject: string; ip: string; limits: SignInLimits; now: Date; secondFactor?: boolean },
): Promise<SignInTry> {
  const { subject, limits, now } = attempt
  const address = addressGroup(attempt.ip)
  const keys = { ...keysOf(subject), address: `${keysOf(subject).addressPrefix}${address}` }
  const byAddress = await countInWindow(db, keys.address, limits.perAddress.windowSeconds, now)
  const addressWait = waitWhenOver(byAddress, limits.perAddress, now)
  if (addressWait > 0) return { admitted: false, scope: 'address', wait: addressWait }
  const known = await isKnownAddress(
    db,
    subject,
    address,
    new Date(now.getTime() - KNOWN_ADDRESS_SECONDS * 1000),
  )
  const closes: { address?: Date; signIn?: Date } = {}
  if (byAddress && byAddress.count === limits.perAddress.max)
    closes.address = windowEnd(byAddress.windowStart, limits.perAddress)
  let countedTowardsLock = false

  /** Counts this try towards the lock (or, `count` false, only looks as if it would) and refuses it if closed. */
  async function atLock(count: boolean): Promise<Refused | undefined> {
    const { windowSeconds } = limits.perSignIn
    // Looking only: the count as if this try were counted, so that a closed lock refuses it alike.
    const bySignIn: CounterWindow | undefined = count
      ? await countInWindow(db, keys.signIn, windowSeconds, now)
      : await readWindow(db, keys.signIn, windowSeconds, now).then(
          (read) => read && { ...read, count: read.count + 1 },
        )
    countedTowardsLock ||= count
    const signInWait = waitWhenOver(bySignIn, limits.perSignIn, now)
    if (signInWait > 0 && !known) {
      // Not this address's failure: it keeps its own budget for when the sign-in opens again.
      await uncount(db, keys.address)
      return { admitted: false, scope: 'sign-in', wait: signInWait }
    }
    if (count && bySignIn && bySignIn.count === limits.perSignIn.max)
      closes.signIn = windowEnd(bySignIn.windowStart, limits.perSignIn)
    return undefined
  }

  const locked = await atLock(!attempt.secondFactor)
  if (locked) return locked
  return {
    admitted: true,
    failures: byAddress?.count ?? 1,
    closes,
    passedPassword: () => atLock(true),
    async succeeded({ signedIn, proof = false }) {
      await uncount(db, keys.address)
      if (proof) await clearCounters(db, { key: keys.signIn })
      else if (countedTowardsLock) await uncount(db, keys.signIn)
      if (signedIn) await rememberAddress(db, subject, address, now)
    },
  }
}

/**
 * Forgets a sign-in's failures and the addresses it knows (new credentials: the lockouts end, and an address that
 * signed in with the old ones is a stranger's until it signs in again).
 */
export async function resetSignIn(db: Db, subject: string): Promise<void> {
  const keys = keysOf(subject)
  await clearCounters(db, { key: keys.signIn, prefix: keys.addressPrefix })
  await forgetAddresses(db, subject)
}
