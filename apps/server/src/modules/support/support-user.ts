/**
 * Who writes to support (docs/support.md): the signed-in user of an access token, or, with `Authorization: tma
 * <init data>`, the Telegram user the init data names, blocked or not. A blocked user has no tokens; this is how
 * they still reach support, and only support: no other route takes init data.
 */
import { notFound, unauthorized } from '#lib/domain-error.ts'
import { checkInitData } from '../auth/init-data.ts'
import { fetchPhoto } from './photos.ts'
import { findPhotoFileId, findSupportUser } from './repository.ts'
import type { SupportContext } from './support-context.ts'
import type { SupportUser } from './user-thread.ts'

export async function userById(context: SupportContext, id: number): Promise<SupportUser> {
  const user = await findSupportUser(context.db, { id })
  if (!user) throw unauthorized()
  return user
}

export async function userByInitData(
  context: SupportContext & { authMaxAgeSeconds: number },
  initData: string,
): Promise<SupportUser & { uid: string }> {
  const checked = checkInitData(initData, context.botToken, context.authMaxAgeSeconds, context.now())
  if (!checked.ok) throw unauthorized('Telegram init data is not valid')
  const user = await findSupportUser(context.db, { telegramId: checked.data.user.id })
  // Someone who never signed in: nothing to reach support with (the bot answers strangers).
  if (!user) throw unauthorized('Not a user')
  return user
}

/** A message's photo, for an operator. */
export async function photoOf(context: SupportContext, messageUid: string) {
  const fileId = await findPhotoFileId(context.db, messageUid)
  if (!fileId) throw notFound('No such photo')
  return fetchPhoto(context, fileId)
}
