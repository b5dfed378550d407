/** `GET /ops/accounts`: the console's account search over every user, by phone, status and validation outcome. */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  insertAccounts,
  newUser,
  ordinaryPhone,
  submitOrdinaryAccount,
  userIdOf,
} from '../helpers/accounts.ts'
import { bearer, json, TEST_OPS_TOKEN, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'

type Found = {
  uid: string
  phone: string
  status: string
  validationStatus: string
  telegramId: number | null
}
type Page = { items: Found[]; nextPage: string | null }

describe.each(DATABASE_KINDS)('operators search accounts on %s', (kind) => {
  const t = useTestApp(kind)
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(TEST_OPS_TOKEN) })

  it('finds by phone substring across users, filters by status and validation outcome, pages by cursor', async () => {
    const a = await newUser(t.app)
    const b = await newUser(t.app)
    // +19990410000001..5 for a, +19990420000001..3 for b; statuses accepted, rejected, pending, accepted, rejected.
    await insertAccounts(t.database.db, await userIdOf(t.database.db, a.telegramId), 5, { prefix: 41 })
    await insertAccounts(t.database.db, await userIdOf(t.database.db, b.telegramId), 3, { prefix: 42 })
    await t.database.db.execute(
      sql`update accounts set validation_status = 'failed' where phone = '+19990410000002'`,
    )

    // People type numbers as they see them: spaces and dashes are ignored.
    const ofA = json<Page>(await get(`/ops/accounts?phone=${encodeURIComponent('+1999 041-0')}`))
    expect(ofA.items.map((item) => item.phone)).toEqual([
      '+19990410000005',
      '+19990410000004',
      '+19990410000003',
      '+19990410000002',
      '+19990410000001',
    ])
    expect(new Set(ofA.items.map((item) => item.telegramId))).toEqual(new Set([a.telegramId]))
    expect(ofA.nextPage).toBeNull()

    const both = json<Page>(await get('/ops/accounts?phone=00000&limit=100'))
    expect(both.items.filter((item) => item.phone.startsWith('+199904')).length).toBe(8)

    const accepted = json<Page>(await get('/ops/accounts?phone=0410&status=accepted'))
    expect(accepted.items.map((item) => item.phone)).toEqual(['+19990410000004', '+19990410000001'])
    const failed = json<Page>(await get('/ops/accounts?phone=04&validationStatus=failed'))
    expect(failed.items).toEqual([
      expect.objectContaining({ phone: '+19990410000002', status: 'rejected', validationStatus: 'failed' }),
    ])

    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query: string = `/ops/accounts?phone=0420&limit=2${cursor ? `&cursor=${cursor}` : ''}`
      const page: Page = json<Page>(await get(query))
      seen.push(...page.items.map((item) => item.phone))
      cursor = page.nextPage
      pages += 1
    } while (cursor !== null && pages < 5)
    expect(pages).toBe(2)
    expect(seen).toEqual(['+19990420000003', '+19990420000002', '+19990420000001'])

    expect(json<Page>(await get('/ops/accounts?phone=abc'))).toEqual({ items: [], nextPage: null })
    expect((await get('/ops/accounts?status=lost')).statusCode).toBe(400)
    expect((await get('/ops/accounts?validationStatus=maybe')).statusCode).toBe(400)
    expect((await get('/ops/accounts?cursor=forged.cursor')).statusCode).toBe(400)
    expect((await t.app.inject({ method: 'GET', url: '/ops/accounts' })).statusCode).toBe(401)
  })

  it('finds a stored E.164 number typed as people write it: 0935…, 0098 935…, +98 935…, (0935) …-…', async () => {
    const user = await newUser(t.app)
    const phone = ordinaryPhone()
    await submitOrdinaryAccount(user.post, phone)
    const national = `${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`
    for (const typed of [
      `0${national}`,
      `0098 ${national}`,
      `+98 ${national}`,
      `(0${phone.slice(3, 6)}) ${phone.slice(6, 9)}-${phone.slice(9)}`,
    ]) {
      const found = json<Page>(await get(`/ops/accounts?phone=${encodeURIComponent(typed)}`))
      expect(
        found.items.map((item) => item.phone),
        typed,
      ).toEqual([phone])
    }
    // The user's own search (14 characters at most) reads the national form the same way.
    const own = await user.get(`/accounts?search=${encodeURIComponent(`0${phone.slice(3)}`)}`)
    expect(json<{ items: { phone: string }[] }>(own).items.map((item) => item.phone)).toEqual([phone])
  })
})
