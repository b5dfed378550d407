/**
 * The commonest passwords, refused at registration and reset (docs/email-auth.md, 'Passwords'): zxcvbn's list of
 * 49,233 passwords from leaked password sets, most frequent first, lower case, as `@zxcvbn-ts/language-common`
 * ships it. Server only: the mini-app never carries the list. Loaded on first use (about 40 ms), so that start-up
 * does not pay for it.
 */
let common: Promise<ReadonlySet<string>> | undefined

export function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  )
  return common
}

/** Common in any case: the list is lower case, and 'Password' is as guessable as 'password'. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase())
}
