import { randomInt } from 'node:crypto'
import type { Db } from '../../db/client.ts'
import { DomainError } from '../../lib/domain-error.ts'
import { insertReferralCode } from './repository.ts'

export type InviteServiceDeps = { db: Db }
export type InviteService = ReturnType<typeof createInviteService>

/** No 0/O, 1/I/L: codes are read aloud and typed by people. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

export function generateInviteCode(length = 10): string {
  let code = ''
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return code
}

export function createInviteService({ db }: InviteServiceDeps) {
  return {
    /** Creates an operator invite (a referral code without an owner: admitted users have no referrer). */
    async create(requested: string | undefined): Promise<string> {
      if (requested !== undefined) {
        if (await insertReferralCode(db, requested, null)) return requested
        throw new DomainError(409, 'DUPLICATE_ENTRY', 'This invite code already exists', {
          field: 'code',
          value: requested,
        })
      }
      for (let attempt = 0; attempt < 5; attempt++) {
        const code = generateInviteCode()
        if (await insertReferralCode(db, code, null)) return code
      }
      throw new Error('could not generate a unique invite code')
    },
  }
}
