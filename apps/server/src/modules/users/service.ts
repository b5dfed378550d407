/**
 * Operators' view and control of one user: the three permission flags (who may refer, add, register), and blocking
 * (docs/console.md): a blocked user's access and refresh tokens stop working at once.
 */
import type { OpsUser, OpsUserFound, SetUserFlags } from '@app/contract/ops'
import type { Db } from '../../db/client.ts'
import type { CursorCodec } from '../../lib/cursor.ts'
import { notFound } from '../../lib/domain-error.ts'
import { assemblePage } from '../../lib/keyset.ts'
import { revokeUserRefreshTokens } from '../auth/repository.ts'
import { findSharedPayouts } from '../referrals/shared-payouts.ts'
import {
  deleteUserBlock,
  findUserByTelegramId,
  insertUserBlock,
  searchUsers,
  updateUserFlags,
  userIdByTelegramId,
} from './repository.ts'

export type UserServiceDeps = { db: Db; cursors: CursorCodec }
export type UserService = ReturnType<typeof createUserService>

/** Telegram ids are positive and within PostgreSQL's bigint; longer digit strings are only searched as text. */
const TELEGRAM_ID = /^\d{1,15}$/

export function createUserService({ db, cursors }: UserServiceDeps) {
  async function show(telegramId: number): Promise<OpsUser> {
    const found = await findUserByTelegramId(db, telegramId)
    if (!found) throw notFound(`No user with Telegram id ${telegramId}`)
    const { id, ...row } = found
    return { ...row, createdAt: row.createdAt.toISOString(), referralFlags: await findSharedPayouts(db, id) }
  }

  return {
    show,

    /**
     * Users by Telegram id (all digits), or by a case-insensitive substring of their first or last name, username
     * (a leading @ ignored) or verified email; newest first, paged by cursor.
     */
    async search(input: {
      q: string
      cursor?: string | undefined
      limit: number
    }): Promise<{ items: OpsUserFound[]; nextPage: string | null }> {
      const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
      const q = input.q.trim()
      const telegramId = TELEGRAM_ID.test(q) ? Number(q) : undefined
      const rows = await searchUsers(db, { telegramId, contains: q }, input.limit + 1, from)
      const page = assemblePage(rows, input.limit, from, cursors, (row) => ({
        telegramId: row.telegramId,
        uid: row.uid,
        firstName: row.firstName,
        lastName: row.lastName,
        username: row.username,
        email: row.email,
        blocked: row.blocked,
        createdAt: row.createdAt.toISOString(),
      }))
      return { items: page.items, nextPage: page.nextPage }
    },

    /** Taking canReferrer away stops the user's code admitting anyone at once (the gate reads the flag). */
    async setFlags(telegramId: number, flags: SetUserFlags): Promise<OpsUser> {
      if (!(await updateUserFlags(db, telegramId, flags)))
        throw notFound(`No user with Telegram id ${telegramId}`)
      return show(telegramId)
    },

    /** Every token of the user stops working: access tokens at their next call, refresh tokens revoked. */
    async block(telegramId: number, reason: string): Promise<OpsUser> {
      const userId = await userIdByTelegramId(db, telegramId)
      if (userId === undefined) throw notFound(`No user with Telegram id ${telegramId}`)
      await insertUserBlock(db, userId, reason)
      await revokeUserRefreshTokens(db, userId)
      return show(telegramId)
    },

    async unblock(telegramId: number): Promise<OpsUser> {
      const userId = await userIdByTelegramId(db, telegramId)
      if (userId === undefined) throw notFound(`No user with Telegram id ${telegramId}`)
      await deleteUserBlock(db, userId)
      return show(telegramId)
    },
  }
}
