/**
 * Operators' view and control of one user: the three permission flags (who may refer, add, register), and blocking
 * (docs/console.md): a blocked user's access and refresh tokens stop working at once.
 */
import type { OpsUser, OpsUserFound, SetUserFlags } from '@app/contract/ops'
import type { Db } from '#db/client.ts'
import type { CursorCodec } from '#lib/cursor.ts'
import { notFound } from '#lib/domain-error.ts'
import { assemblePage } from '#lib/keyset.ts'
import { revokeUserRefreshTokens } from '../auth/repository.ts'
import { findSharedDestinations } from '../referrals/shared-destinations.ts'
import {
  deleteUserBlock,
  findUser,
  insertUserBlock,
  searchUsers,
  type UserRef,
  type UserSearch,
  updateUserFlags,
  userIdOf,
} from './repository.ts'

export type UserServiceDeps = { db: Db; cursors: CursorCodec }

/** Telegram ids are positive and within PostgreSQL's bigint; longer digit strings are only searched as text. */
const TELEGRAM_ID = /^\d{1,15}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** A phone as people type it: an optional +, digits, spaces, dashes, dots and brackets. */
const PHONE = /^\+?[\d\s().-]{7,24}$/

/** A path's `:user` (UserRefSchema checked it): digits are a Telegram id, anything else a user id. */
const refOf = (user: string): UserRef =>
  /^\d+$/.test(user) ? { telegramId: Number(user) } : { uid: user.toLowerCase() }
const nobody = (user: string) =>
  notFound(/^\d+$/.test(user) ? `No user with Telegram id ${user}` : `No user with user id ${user}`)

/** What `q` may name exactly, beside the text it may be part of. */
function searchOf(q: string): UserSearch {
  const search: UserSearch = { contains: q }
  if (TELEGRAM_ID.test(q)) search.telegramId = Number(q)
  if (UUID.test(q)) search.uid = q.toLowerCase()
  if (PHONE.test(q)) search.phone = `+${q.replace(/\D/g, '')}`
  return search
}

export function createUserService({ db, cursors }: UserServiceDeps) {
  async function show(user: string): Promise<OpsUser> {
    const found = await findUser(db, refOf(user))
    if (!found) throw nobody(user)
    const { id, ...row } = found
    return {
      ...row,
      createdAt: row.createdAt.toISOString(),
      referralFlags: await findSharedDestinations(db, id),
    }
  }

  async function idOf(user: string): Promise<number> {
    const id = await userIdOf(db, refOf(user))
    if (id === undefined) throw nobody(user)
    return id
  }

  return {
    /** `user`: the user id or the Telegram id (a path's `:user`). */
    show,
    /** The user's internal id, for another module's query (their accounts); 404 when no such user. */
    idOf,

    /**
     * Users by user id, Telegram id (all digits) or an account's phone, or by a case-insensitive substring of their
     * first or last name, username (a leading @ ignored) or verified email; newest first, paged by cursor.
     */
    async search(input: {
      q: string
      cursor?: string | undefined
      limit: number
    }): Promise<{ items: OpsUserFound[]; nextPage: string | null }> {
      const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
      const rows = await searchUsers(db, searchOf(input.q.trim()), input.limit + 1, from)
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
    async setFlags(user: string, flags: SetUserFlags): Promise<OpsUser> {
      if (!(await updateUserFlags(db, refOf(user), flags))) throw nobody(user)
      return show(user)
    },

    /**
     * Every token of the user stops working: access tokens at their next call, refresh tokens revoked. Whatever way
     * they signed in: the auth lookups (Telegram, email login, refresh, every call) skip blocked users.
     */
    async block(user: string, reason: string): Promise<OpsUser> {
      const userId = await idOf(user)
      await insertUserBlock(db, userId, reason)
      await revokeUserRefreshTokens(db, userId)
      return show(user)
    },

    async unblock(user: string): Promise<OpsUser> {
      await deleteUserBlock(db, await idOf(user))
      return show(user)
    },
  }
}
