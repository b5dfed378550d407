import { randomBytes } from 'node:crypto'
import { composeInitData, type InitDataUser } from '@app/contract/telegram-launch'
import { initDataHash } from '#modules/auth/init-data.ts'

export type SimulatedInitData = {
  user: InitDataUser
  authDate: number
  startParam?: string | undefined
  queryId?: string
}

/**
 * Init data as Telegram makes it for a mini-app opened from a link, signed with the bot token by the same
 * function the server checks it with. Telegram also adds an Ed25519 `signature` for third parties; we cannot
 * make a real one, but include a random value so that the server's check proves it keeps `signature` inside
 * the data-check-string.
 */
export function signInitData(fields: SimulatedInitData, botToken: string): string {
  return composeInitData(
    {
      user: fields.user,
      authDate: fields.authDate,
      startParam: fields.startParam,
      queryId: fields.queryId ?? `AAH${randomBytes(8).toString('base64url')}`,
      signature: randomBytes(64).toString('base64url'),
    },
    (signed) => initDataHash(signed, botToken),
  )
}
