import { randomInt } from 'node:crypto'
import type { InviteRow } from '@app/contract/ops'
import type { Db } from '#db/client.ts'
import type { CursorCodec } from '#lib/cursor.ts'
import { DomainError } from '#lib/domain-error.ts'
import { assemblePage } from '#lib/keyset.ts'
import {
  findFirstUsersOfLinks,
  findInvite,
  findInvitePage,
  insertReferralCode,
  revokeInvite,
} from './repository.ts'

export type InviteServiceDeps = { db: Db; cursors: CursorCodec }

/** No 0/O, 1/I/L: codes are read aloud and typed by people. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
/** How many of the users who joined through an invite its row names. */
const USERS_SHOWN = 5

export function generateInviteCode(length = 10): string {
  let code = ''
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return code
}

export function createInviteService({ db, cursors }: InviteServiceDeps) {
  return {
    /**
     * Creates an operator invite (a referral code without an owner: admitted users have no referrer), recording who
     * made it.
     */
    async create(requested: string | undefined, createdBy: string | null = null): Promise<string> {
      if (requested !== undefined) {
        if (await insertReferralCode(db, requested, null, createdBy)) return requested
        throw new DomainError(409, 'DUPLICATE_ENTRY', 'This invite code already exists', {
          field: 'code',
          value: requested,
        })
      }
      for (let attempt = 0; attempt < 5; attempt++) {
        const code = generateInviteCode()
        if (await insertReferralCode(db, code, null, createdBy)) return code
      }
      throw new Error('could not generate a unique invite code')
    },

    /** Its state for the audit log: revoked or not; null when there is no such invite. */
    async state(code: string): Promise<{ code: string; revokedAt: string | null } | null> {
      const row = await findInvite(db, code)
      return row ? { code: row.code, revokedAt: row.revokedAt?.toISOString() ?? null } : null
    },

    /**
     * The invite stops admitting new users at once (the sign-up's code check reads `revoked_at`); those who joined
     * through it stay. 404 for a code that is no operator invite, 409 when it is revoked already.
     */
    async revoke(code: string): Promise<{ code: string; revokedAt: string }> {
      const revoked = await revokeInvite(db, code)
      if (revoked?.revokedAt) return { code: revoked.code, revokedAt: revoked.revokedAt.toISOString() }
      if (await findInvite(db, code))
        throw new DomainError(409, 'INVALID_STATE', 'This invite is revoked already')
      throw new DomainError(404, 'NOT_FOUND', 'No invite with this code')
    },

    /** Operator invites newest first, paged by cursor: who made each, when, revoked or not, who joined through it. */
    async list(input: {
      cursor?: string | undefined
      limit: number
    }): Promise<{ items: InviteRow[]; nextPage: string | null }> {
      const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
      const rows = await findInvitePage(db, input.limit + 1, from)
      const page = assemblePage(rows, input.limit, from, cursors, (row) => row)
      const joined = await findFirstUsersOfLinks(
        db,
        page.items.map((row) => row.id),
        USERS_SHOWN,
      )
      const items = page.items.map((row) => ({
        code: row.code,
        createdAt: row.createdAt.toISOString(),
        createdBy: row.createdBy,
        revokedAt: row.revokedAt?.toISOString() ?? null,
        uses: Number(row.uses),
        usedBy: joined
          .filter((user) => user.linkId === row.id)
          .map((user) => ({
            telegramId: user.telegramId,
            firstName: user.firstName,
            joinedAt: new Date(user.createdAt).toISOString(),
          })),
      }))
      return { items, nextPage: page.nextPage }
    },
  }
}
