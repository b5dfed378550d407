/** Operators' view and control of one user: the three permission flags (who may refer, add, register). */
import type { OpsUser, SetUserFlags } from '@app/contract/ops'
import type { Db } from '../../db/client.ts'
import { notFound } from '../../lib/domain-error.ts'
import { findUserByTelegramId, updateUserFlags } from './repository.ts'

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
  }
}
