/** Saved replies in both languages (docs/support.md): operators keep them, the console fills a reply with one. */
import type { OpsSavedReply, OpsSavedReplyBody } from '@app/contract/ops'
import { notFound } from '#lib/domain-error.ts'
import { deleteSavedReply, insertSavedReply, listSavedReplies } from './repository.ts'
import type { SupportContext } from './support-context.ts'

const toSaved = (row: Awaited<ReturnType<typeof listSavedReplies>>[number]): OpsSavedReply => ({
  uid: row.uid,
  title: row.title,
  en: row.textEn,
  fa: row.textFa,
  createdAt: row.createdAt.toISOString(),
})

export async function savedReplies(context: SupportContext): Promise<OpsSavedReply[]> {
  return (await listSavedReplies(context.db)).map(toSaved)
}

export async function saveReply(context: SupportContext, body: OpsSavedReplyBody): Promise<OpsSavedReply> {
  return toSaved(
    await insertSavedReply(context.db, {
      title: body.title,
      textEn: body.en,
      textFa: body.fa,
      now: context.now(),
    }),
  )
}

export async function removeSavedReply(context: SupportContext, uid: string): Promise<{ uid: string }> {
  if (!(await deleteSavedReply(context.db, uid))) throw notFound('No such saved reply')
  return { uid }
}
