/**
 * Operators' view and control of one user: the three permission flags (who may refer, add, register), and blocking
 * (docs/console.md): a blocked user's access and refresh tokens stop working at once.
 */
import type { OpsUser, SetUserFlags } from '@app/contract/ops'
import type { Db } from '../../db/client.ts'
import { notFound } from '../../lib/domain-error.ts'
import { revokeUserRefreshTokens } from '../auth/repository.ts'
import {
  deleteUserBlock,
  findUserByTelegramId,
  insertUserBlock,
  updateUserFlags,
  userIdByTelegramId,
} from './repository.ts'

export type UserServiceDeps = { db: Db }
export type UserService = ReturnType<typeof createUserService>

export function createUserService({ db }: UserServiceDeps) {
  async function show(telegramId: number): Promise<OpsUser> {
    const row = await findUserByTelegramId(db, telegramId)
    if (!row) throw notFound(`No user with Telegram id ${telegramId}`)
    return { ...row, createdAt: row.createdAt.toISOString() }
  }

  return {
    show,

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
