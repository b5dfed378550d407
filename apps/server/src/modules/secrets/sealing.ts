/**
 * Secrets at rest: a stored secret is `sealed:` and AES-256-GCM (`lib/crypto.ts`)
 * under a key derived from the secrets key and the secret's name (HKDF-SHA256), so a sealed value moved to another
 * name does not open.
 */
import { deriveKey, seal, unseal } from '#lib/crypto.ts'
import { StartupError } from '#lib/startup-error.ts'

const PREFIX = 'sealed:'

const keyFor = (secretsKey: Buffer, name: string) =>
  deriveKey(secretsKey, 'account-supply-secrets', `secret:${name}`)

export const isSealed = (stored: string) => stored.startsWith(PREFIX)

export function sealSecret(secretsKey: Buffer, name: string, value: string): string {
  if (secretsKey.length !== 32)
    throw new StartupError(`cannot store the secret '${name}' without SECRETS_KEY`)
  return `${PREFIX}${seal(keyFor(secretsKey, name), value)}`
}

/** A sealed value opened with this key; undefined when the key is not the one it was sealed with. */
export function unsealSecret(secretsKey: Buffer, name: string, stored: string): string | undefined {
  return unseal(keyFor(secretsKey, name), stored.slice(PREFIX.length))
}

/** The secret's value: a sealed one opened, a plain one (kept before sealing existed) as it is. */
export function openSecret(secretsKey: Buffer, name: string, stored: string): string {
  if (!isSealed(stored)) return stored
  const value = unsealSecret(secretsKey, name, stored)
  if (value === undefined) {
    throw new StartupError(
      `the stored secret '${name}' does not open with this SECRETS_KEY: every process on one database needs the same key (docs/resilience.md, 'Secrets')`,
    )
  }
  return value
}
