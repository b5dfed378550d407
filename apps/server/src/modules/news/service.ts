/**
 * News: operators publish and remove items; users read them in their language (English as fallback) and mark
 * what they have seen, which the dashboard's unseen count follows. Decisions in docs/news.md.
 */
import {
  type Language,
  languageFromTelegram,
  type MarkNewsSeenResponse,
  NEWS_UNSEEN_CAP,
  type NewsItem,
  type NewsListQuery,
  type Page,
} from '@app/contract'
import type { CreateNews, OpsNews } from '@app/contract/ops'
import type { Db } from '#db/client.ts'
import type { CursorCodec } from '#lib/cursor.ts'
import { notFound } from '#lib/domain-error.ts'
import { epochSeconds } from '#lib/epoch-seconds.ts'
import { assemblePage } from '#lib/keyset.ts'
import {
  countUnseenNews,
  deleteNews,
  findNewsPage,
  findUserLanguageCode,
  insertNews,
  listNews,
  markNewsSeenUpTo,
  type NewsRecord,
} from './repository.ts'

export type NewsServiceDeps = { db: Db; now: () => Date; cursors: CursorCodec }

/** The item in `lng` when it has that text, else in English (which every item has). */
function newsItemIn(row: NewsRecord, lng: Language): NewsItem {
  const persian = lng === 'fa' && row.titleFa !== null && row.bodyFa !== null
  return {
    uid: row.uid,
    title: persian ? (row.titleFa ?? '') : row.titleEn,
    body: persian ? (row.bodyFa ?? '') : row.bodyEn,
    lng: persian ? 'fa' : 'en',
    publishedAt: epochSeconds(row.publishedAt),
  }
}

const toOpsNews = (row: NewsRecord): OpsNews => ({
  uid: row.uid,
  en: { title: row.titleEn, body: row.bodyEn },
  fa: row.titleFa !== null && row.bodyFa !== null ? { title: row.titleFa, body: row.bodyFa } : null,
  publishedAt: row.publishedAt.toISOString(),
})

export function createNewsService({ db, now, cursors }: NewsServiceDeps) {
  return {
    async list(userId: number, query: NewsListQuery): Promise<Page<NewsItem>> {
      const from = query.cursor === undefined ? undefined : cursors.decode(query.cursor)
      const [rows, lng] = await Promise.all([
        findNewsPage(db, query.size + 1, from),
        query.lng ?? findUserLanguageCode(db, userId).then(languageFromTelegram),
      ])
      return assemblePage(rows, query.size, from, cursors, (row) => newsItemIn(row, lng))
    },

    /** Everything up to the given item counts as seen; an unknown item is a 404 (removed meanwhile, or made up). */
    async markSeen(userId: number, uid: string): Promise<MarkNewsSeenResponse> {
      if (!(await markNewsSeenUpTo(db, userId, uid))) throw notFound('News item not found')
      return { unseenCount: await countUnseenNews(db, userId, NEWS_UNSEEN_CAP) }
    },

    unseenCount: (userId: number) => countUnseenNews(db, userId, NEWS_UNSEEN_CAP),

    async publish(body: CreateNews): Promise<OpsNews> {
      const row = await insertNews(db, {
        titleEn: body.en.title,
        bodyEn: body.en.body,
        titleFa: body.fa?.title ?? null,
        bodyFa: body.fa?.body ?? null,
        publishedAt: now(),
      })
      return toOpsNews(row)
    },

    async listForOperators(limit: number): Promise<OpsNews[]> {
      return (await listNews(db, limit)).map(toOpsNews)
    },

    async remove(uid: string): Promise<{ uid: string }> {
      if (!(await deleteNews(db, uid))) throw notFound(`No news with uid ${uid}`)
      return { uid }
    },
  }
}
