/**
 * How guessable a new password is (docs/email-auth.md, 'Passwords'): zxcvbn-ts's full scoring (dictionaries of
 * leaked passwords, names and English words; repeats, sequences, keyboard walks, dates, l33t), refused below
 * `MIN_PASSWORD_SCORE`. Server only: the mini-app never carries the dictionaries. Loaded on first use, once,
 * so that start-up does not pay for it.
 */
import type { PasswordSuggestion, PasswordWarning, PasswordWeakness } from '@app/contract'
import { PASSWORD_SUGGESTIONS, PASSWORD_WARNINGS } from '@app/contract'
import type { ZxcvbnFactory } from '@zxcvbn-ts/core'

/** zxcvbn's 3: about 10^8 guesses or more, 'safely unguessable' online and slow to crack offline (argon2id). */
const MIN_PASSWORD_SCORE = 3
/**
 * Only the first 32 characters are scored: the matchers' cost grows fast with the length (a 64-character
 * pattern held the event loop many times longer: docs/measurements/server.md), and a password that long is not
 * guessed by its tail.
 */
const SCORED_LENGTH = 32
/** Warnings that say the password is one people use: answered as PASSWORD_TOO_COMMON. */
const COMMON: readonly PasswordWarning[] = ['topTen', 'topHundred', 'common']

let scorer: Promise<ZxcvbnFactory> | undefined

function loadScorer(): Promise<ZxcvbnFactory> {
  scorer ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([{ ZxcvbnFactory }, common, en]) =>
      // No translations: the feedback stays zxcvbn's keys, which the mini-app words in its languages.
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        maxLength: SCORED_LENGTH,
      }),
  )
  return scorer
}

const known = <K extends string>(keys: readonly K[], key: string | null): key is K =>
  key !== null && (keys as readonly string[]).includes(key)

export type Weakness = PasswordWeakness & { common: boolean }

/**
 * Why the password is too easy to guess, or undefined when it is not. `userInputs` (the email and its name
 * part) count as known words.
 */
export async function passwordWeakness(
  password: string,
  userInputs: readonly string[],
): Promise<Weakness | undefined> {
  const result = (await loadScorer()).check(password, [...userInputs])
  if (result.score >= MIN_PASSWORD_SCORE) return undefined
  const warning = known(PASSWORD_WARNINGS, result.feedback.warning) ? result.feedback.warning : null
  const suggestions = result.feedback.suggestions.filter((s): s is PasswordSuggestion =>
    known(PASSWORD_SUGGESTIONS, s),
  )
  return { warning, suggestions, common: warning !== null && COMMON.includes(warning) }
}
