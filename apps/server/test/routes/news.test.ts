/**
 * News over HTTP on every database: operators publish, list and remove; users read newest first by cursor in
 * their language with English as fallback; the dashboard counts what they have not seen until they mark it; bad
 * input is a 4xx, never a 5xx (docs/news.md).
 */
import {
  type Dashboard,
  MarkNewsSeenResponseSchema,
  NEWS_UNSEEN_CAP,
  type NewsItem,
  NewsPageSchema,
} from '@app/contract'
import {
  NEWS_BODY_MAX,
  NEWS_TITLE_MAX,
  type OpsNews,
  OpsNewsListSchema,
  OpsNewsSchema,
} from '@app/contract/ops'
import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { DEMO_NEWS } from '#dev/demo/demo-data.ts'
import { authorize, bearer, json, TEST_OPS_TOKEN, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshTelegramUser } from '../helpers/init-data.ts'

type Reader = {
  get(url: string): Promise<LightMyRequestResponse>
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>
}

describe.each(DATABASE_KINDS)('news on %s', (kind) => {
  const t = useTestApp(kind)
  const ops = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(TEST_OPS_TOKEN),
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  const publish = async (en: string, fa?: string): Promise<OpsNews> => {
    const response = await ops('POST', '/ops/news', {
      en: { title: en, body: `${en} body` },
      ...(fa === undefined ? {} : { fa: { title: fa, body: `${fa} متن` } }),
    })
    expect(response.statusCode, response.body).toBe(201)
    return OpsNewsSchema.parse(json(response))
  }
  const reader = async (languageCode = 'en', app = t.app): Promise<Reader> => {
    const { accessToken } = await authorize(app, freshTelegramUser({ language_code: languageCode }))
    const headers = bearer(accessToken)
    return {
      get: (url) => app.inject({ method: 'GET', url, headers }),
      post: (url, payload) =>
        app.inject({
          method: 'POST',
          url,
          headers,
          ...(payload === undefined ? {} : { payload: payload as object }),
        }),
    }
  }
  const page = async (user: Reader, query = '') => {
    const response = await user.get(`/news${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return NewsPageSchema.parse(json(response))
  }
  const unseen = async (user: Reader) => {
    const response = await user.get('/dashboard')
    expect(response.statusCode, response.body).toBe(200)
    return json<Dashboard>(response).news.unseenCount
  }
  const clearNews = () => t.database.db.execute(sql`delete from news`)

  // On a database of its own: the other tests publish and clear news on the shared one, in whatever order they run.
  describe('a new database', () => {
    const fresh = useTestApp(kind)
    it('starts with the demo news, newest first, in English and in Persian', async () => {
      const newestFirst = [...DEMO_NEWS].sort((a, b) => a.daysAgo - b.daysAgo)
      const english = await page(await reader('en', fresh.app))
      expect(english.items.map((i) => [i.title, i.lng])).toEqual(newestFirst.map((n) => [n.en.title, 'en']))
      const persian = await page(await reader('fa', fresh.app))
      expect(persian.items.map((i) => [i.title, i.body, i.lng])).toEqual(
        newestFirst.map((n) => [n.fa.title, n.fa.body, 'fa']),
      )
      const times = english.items.map((i) => i.publishedAt)
      expect(times).toEqual([...times].sort((a, b) => b - a))
      expect(english.nextPage).toBeNull()
      expect(english.previousPage).toBeNull()
    })
  })

  describe('operators', () => {
    // Each test starts without news, whichever tests ran before it.
    beforeEach(clearNews)

    it('publish with English and optional Persian, list newest first, and remove', async () => {
      const before = Math.floor(Date.now() / 1000)
      const first = await publish('  Maintenance tonight  ', 'تعمیرات امشب')
      expect(first.en).toEqual({ title: 'Maintenance tonight', body: 'Maintenance tonight   body' })
      expect(first.fa).toEqual({ title: 'تعمیرات امشب', body: 'تعمیرات امشب متن' })
      expect(Date.parse(first.publishedAt) / 1000).toBeGreaterThanOrEqual(before)
      const second = await publish('English only')
      expect(second.fa).toBeNull()

      const list = OpsNewsListSchema.parse(json(await ops('GET', '/ops/news')))
      expect(list.map((n) => n.uid)).toEqual([second.uid, first.uid])
      expect(OpsNewsListSchema.parse(json(await ops('GET', '/ops/news?limit=1')))).toHaveLength(1)

      const removed = await ops('DELETE', `/ops/news/${first.uid}`)
      expect(removed.statusCode, removed.body).toBe(200)
      expect(json(removed)).toEqual({ uid: first.uid })
      expect((await ops('DELETE', `/ops/news/${first.uid}`)).statusCode).toBe(404)
      const after = OpsNewsListSchema.parse(json(await ops('GET', '/ops/news')))
      expect(after.map((n) => n.uid)).toEqual([second.uid])
    })

    it('refuses bad bodies, uids and limits with 400, never 5xx', async () => {
      const text = { title: 'T', body: 'B' }
      const bodies: unknown[] = [
        {},
        { fa: text },
        { en: { title: 'T' } },
        { en: { title: '   ', body: 'B' } },
        { en: { title: 'T', body: '' } },
        { en: { title: 'x'.repeat(NEWS_TITLE_MAX + 1), body: 'B' } },
        { en: { title: 'T', body: 'x'.repeat(NEWS_BODY_MAX + 1) } },
        { en: text, fa: { title: 'only a title' } },
        { en: text, de: text },
        { en: { ...text, extra: 1 } },
        { en: { title: 1, body: 'B' } },
        { en: text, fa: null },
        [text],
      ]
      for (const body of bodies) {
        const response = await ops('POST', '/ops/news', body)
        expect(response.statusCode, JSON.stringify(body)).toBe(400)
      }
      for (const raw of ['{"en":', '"news"', 'null']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/ops/news',
          headers: { ...bearer(TEST_OPS_TOKEN), 'content-type': 'application/json' },
          payload: raw,
        })
        expect(response.statusCode, raw).toBe(400)
      }
      // The longest texts allowed are published.
      const longest = await ops('POST', '/ops/news', {
        en: { title: 'x'.repeat(NEWS_TITLE_MAX), body: 'y'.repeat(NEWS_BODY_MAX) },
      })
      expect(longest.statusCode).toBe(201)

      for (const url of ['/ops/news/not-a-uid', '/ops/news/123']) {
        expect((await ops('DELETE', url)).statusCode, url).toBe(400)
      }
      for (const url of ['/ops/news?limit=0', '/ops/news?limit=abc', '/ops/news?limit=1001']) {
        expect((await ops('GET', url)).statusCode, url).toBe(400)
      }
    })

    it('need the operator token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/ops/news' })).statusCode).toBe(401)
      const post = await t.app.inject({
        method: 'POST',
        url: '/ops/news',
        payload: { en: { title: 'T', body: 'B' } },
      })
      expect(post.statusCode).toBe(401)
      const user = await authorize(t.app, freshTelegramUser())
      const asUser = await t.app.inject({
        method: 'DELETE',
        url: '/ops/news/0b0e6a8e-5f6d-4c1e-9a53-3f0c2d1e0001',
        headers: bearer(user.accessToken),
      })
      expect(asUser.statusCode).toBe(401)
    })
  })

  describe('users', () => {
    beforeEach(clearNews)

    it('need a token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/news' })).statusCode).toBe(401)
      const seen = await t.app.inject({
        method: 'POST',
        url: '/news/seen',
        payload: { uid: '0b0e6a8e-5f6d-4c1e-9a53-3f0c2d1e0001' },
      })
      expect(seen.statusCode).toBe(401)
    })

    it('read an empty list when nothing is published', async () => {
      const user = await reader()
      expect(await page(user)).toEqual({ items: [], nextPage: null, previousPage: null })
      expect(await unseen(user)).toBe(0)
    })

    it('page newest first by cursor, 24 a page unless asked, both ways', async () => {
      // Published back to back: many share a millisecond, so the id breaks the ties.
      const published: string[] = []
      for (let n = 1; n <= 30; n += 1) published.push((await publish(`Item ${n}`)).uid)
      const newestFirst = [...published].reverse()
      const user = await reader()

      const first = await page(user)
      expect(first.items.map((i) => i.uid)).toEqual(newestFirst.slice(0, 24))
      expect(first.previousPage).toBeNull()
      expect(first.nextPage).not.toBeNull()
      const second = await page(user, `?cursor=${encodeURIComponent(first.nextPage ?? '')}`)
      expect(second.items.map((i) => i.uid)).toEqual(newestFirst.slice(24))
      expect(second.nextPage).toBeNull()
      const back = await page(user, `?cursor=${encodeURIComponent(second.previousPage ?? '')}`)
      expect(back.items.map((i) => i.uid)).toEqual(newestFirst.slice(0, 24))

      const small: string[] = []
      let cursor: string | null = null
      do {
        const next: Awaited<ReturnType<typeof page>> = await page(
          user,
          `?size=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        )
        expect(next.items.length).toBeLessThanOrEqual(7)
        small.push(...next.items.map((i) => i.uid))
        cursor = next.nextPage
      } while (cursor !== null)
      expect(small).toEqual(newestFirst)
      await clearNews()
    })

    it("answer in the user's language, with English where an item has no Persian", async () => {
      const both = await publish('Both languages', 'هر دو زبان')
      const englishOnly = await publish('English only')
      const shown = (items: NewsItem[]) => items.map((i) => [i.uid, i.title, i.lng])

      const persian = await reader('fa')
      expect(shown((await page(persian)).items)).toEqual([
        [englishOnly.uid, 'English only', 'en'],
        [both.uid, 'هر دو زبان', 'fa'],
      ])
      // A regional Telegram language is still Persian; an unknown one reads English.
      expect((await page(await reader('fa-IR'))).items[1]?.lng).toBe('fa')
      expect(shown((await page(await reader('de'))).items)).toEqual([
        [englishOnly.uid, 'English only', 'en'],
        [both.uid, 'Both languages', 'en'],
      ])
      // The language the mini-app shows wins over the Telegram one.
      expect((await page(persian, '?lng=en')).items[1]?.title).toBe('Both languages')
      expect((await page(await reader('en'), '?lng=fa')).items[1]?.body).toBe('هر دو زبان متن')
      await clearNews()
    })

    it('count unseen news on the dashboard until they are marked seen, never moving the marker back', async () => {
      const older = await publish('Older')
      const newer = await publish('Newer')
      const user = await reader()
      expect(await unseen(user)).toBe(2)

      const marked = await user.post('/news/seen', { uid: newer.uid })
      expect(marked.statusCode, marked.body).toBe(200)
      expect(MarkNewsSeenResponseSchema.parse(json(marked))).toEqual({ unseenCount: 0 })
      expect(await unseen(user)).toBe(0)
      // Reading the list changes nothing by itself.
      const latest = await publish('Latest')
      await page(user)
      expect(await unseen(user)).toBe(1)
      // Marking an older item (a stale screen) does not bring back what was seen, nor hide the latest.
      expect(json(await user.post('/news/seen', { uid: older.uid }))).toEqual({ unseenCount: 1 })
      // Another user's marker is their own.
      expect(await unseen(await reader())).toBe(3)
      // Removing an unseen item takes it out of the count.
      expect((await ops('DELETE', `/ops/news/${latest.uid}`)).statusCode).toBe(200)
      expect(await unseen(user)).toBe(0)
      await clearNews()
    })

    it('count at most NEWS_UNSEEN_CAP', async () => {
      await t.database.db.execute(sql`
        insert into news (title_en, body_en, published_at)
        select 'Bulk ' || g, 'Body', now() - make_interval(secs => g)
        from generate_series(1, ${NEWS_UNSEEN_CAP + 20}) g`)
      expect(await unseen(await reader())).toBe(NEWS_UNSEEN_CAP)
      await clearNews()
    })

    it('refuse bad cursors, sizes, languages and bodies with 4xx, never 5xx', async () => {
      const user = await reader()
      const { uid } = await publish('Something')
      const badQueries = [
        '?cursor=nonsense',
        '?cursor=a.b.c',
        `?cursor=${'x'.repeat(600)}`,
        '?cursor=',
        '?size=0',
        '?size=101',
        '?size=abc',
        '?lng=de',
        '?lng=',
      ]
      for (const query of badQueries) {
        const response = await user.get(`/news${query}`)
        expect(response.statusCode, query).toBe(400)
      }
      const badBodies: unknown[] = [undefined, {}, { uid: 'nope' }, { uid: 42 }, [uid], { uid, extra: true }]
      for (const body of badBodies) {
        const response = await user.post('/news/seen', body)
        expect(response.statusCode, JSON.stringify(body)).toBe(400)
      }
      const unknown = await user.post('/news/seen', { uid: '0b0e6a8e-5f6d-4c1e-9a53-3f0c2d1e0001' })
      expect(unknown.statusCode).toBe(404)
      await clearNews()
    })
  })
})
