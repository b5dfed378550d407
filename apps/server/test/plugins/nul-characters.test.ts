/**
 * Found by the fuzzer (docs/resilience.md): text with a NUL character reached PostgreSQL, which cannot store one
 * (`invalid byte sequence for encoding "UTF8": 0x00`): POST /ops/news answered 500, and so did a list filtered by
 * such text. Every route now refuses it first with a 400, in the body, the query and the path, on both databases.
 */
import { ErrorResponseSchema } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { nulCharacterAt } from '#src/app.ts'
import { authorize, bearer, TEST_OPS_TOKEN, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { freshTelegramUser } from '../helpers/init-data.ts'

describe.each(DATABASE_KINDS)('text with a NUL character on %s', (kind) => {
  const t = useTestApp(kind)
  const ops = bearer(TEST_OPS_TOKEN)

  const expect400 = (response: { statusCode: number; body: string; json(): unknown }, where: string) => {
    expect(response.statusCode, response.body).toBe(400)
    expect(ErrorResponseSchema.parse(response.json())).toMatchObject({ code: 'VALIDATION_ERROR' })
    expect(response.body).toContain(where)
  }

  it('in a body: 400 naming the field, not 500 from the insert', async () => {
    const news = { en: { title: 'Hi\u0000', body: 'Body' }, fa: { title: 'سلام', body: 'متن' } }
    expect400(
      await t.app.inject({ method: 'POST', url: '/ops/news', headers: ops, payload: news }),
      'en.title',
    )
  })

  it('in a query: 400, not 500 from the filter', async () => {
    expect400(await t.app.inject({ method: 'GET', url: '/ops/audit?actor=a%00b', headers: ops }), 'actor')
  })

  it('in a path parameter: 400', async () => {
    const { accessToken } = await authorize(t.app, freshTelegramUser())
    const response = await t.app.inject({
      method: 'GET',
      url: '/accounts/a%00',
      headers: bearer(accessToken),
    })
    expect400(response, 'accountUid')
  })

  it('a body nested thousands deep is walked without overflowing the stack (400 from the schema, not 500)', async () => {
    const payload = `${'['.repeat(5000)}${']'.repeat(5000)}`
    const response = await t.app.inject({
      method: 'POST',
      url: '/ops/news',
      headers: { ...ops, 'content-type': 'application/json' },
      payload,
    })
    expect(response.statusCode, response.body).toBe(400)
  })

  it('text without one still passes', async () => {
    const news = { en: { title: 'Hello', body: 'Body' }, fa: { title: 'سلام', body: 'متن' } }
    const response = await t.app.inject({ method: 'POST', url: '/ops/news', headers: ops, payload: news })
    expect(response.statusCode, response.body).toBe(201)
  })
})

describe('nulCharacterAt', () => {
  it('finds the first string holding one, by its path, keys included', () => {
    expect(nulCharacterAt({ a: 'x', b: [{ c: 'y\u0000' }] }, '')).toBe('b.0.c')
    expect(nulCharacterAt({ 'k\u0000': 1 }, '')).toBe('')
    expect(nulCharacterAt('\u0000', '')).toBe('')
    expect(nulCharacterAt({ a: ['x', 1, null, true] }, '')).toBeUndefined()
  })
})
