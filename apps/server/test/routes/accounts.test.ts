/** GET /accounts (filters, search, sorts, cursors, bad queries) and GET /accounts/:uid (ownership). */
import { type Account, AccountPageSchema, AccountSchema, type Page } from '@app/contract'
import { describe, expect, it } from 'vitest'
import {
  insertAccounts,
  newUser,
  ordinaryPhone,
  submitOrdinaryAccount,
  userIdOf,
} from '../helpers/accounts.ts'
import { useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'

const q = (params: Record<string, unknown>) => {
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) search.set(k, typeof v === 'string' ? v : JSON.stringify(v))
  return `/accounts?${search.toString()}`
}

describe.each(DATABASE_KINDS)('accounts list and detail on %s', (kind) => {
  const t = useTestApp(kind)

  async function userWithAccounts(count: number, prefix: number) {
    const u = await newUser(t.app)
    await insertAccounts(t.database.db, await userIdOf(t.database.db, u.telegramId), count, { prefix })
    const page = async (params: Record<string, unknown>) => {
      const response = await u.get(q(params))
      expect(response.statusCode, response.body).toBe(200)
      return AccountPageSchema.parse(response.json()) as Page<Account>
    }
    return { ...u, page }
  }

  it('pages newest first by default, 24 a page, with next and previous cursors', async () => {
    const u = await userWithAccounts(60, 1)
    const first = await u.page({})
    expect(first.items).toHaveLength(24)
    expect(first.previousPage).toBeNull()
    expect(first.items[0]?.phone).toBe('+19990010000060')
    const second = await u.page({ cursor: first.nextPage })
    const third = await u.page({ cursor: second.nextPage })
    expect(third.items).toHaveLength(12)
    expect(third.nextPage).toBeNull()
    const all = [...first.items, ...second.items, ...third.items].map((a) => a.phone)
    expect(new Set(all).size).toBe(60)
    const back = await u.page({ cursor: third.previousPage })
    expect(back.items.map((a) => a.uid)).toEqual(second.items.map((a) => a.uid))
    const backAgain = await u.page({ cursor: back.previousPage })
    expect(backAgain.items.map((a) => a.uid)).toEqual(first.items.map((a) => a.uid))
    expect(backAgain.previousPage).toBeNull()
  })

  it('filters by status and no invoice, sorts ascending, sizes', async () => {
    const u = await userWithAccounts(30, 2)
    const accepted = await u.page({ filters: { status: 'accepted', noInvoice: true }, size: 100 })
    expect(accepted.items).toHaveLength(10)
    expect(accepted.items.every((a) => a.status === 'accepted')).toBe(true)
    const asc = await u.page({
      sorts: [{ model: 'Account', field: 'created_at', direction: 'asc' }],
      size: 5,
    })
    expect(asc.items.map((a) => a.phone)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `+1999002${String(n).padStart(7, '0')}`),
    )
  })

  it('searches phone substrings (trimmed; formatting characters ignored; 1-2 characters too)', async () => {
    const u = await userWithAccounts(120, 3)
    const phones = (await u.page({ size: 100 })).items.map((a) => a.phone)
    expect(phones).toHaveLength(100)
    const found = await u.page({ search: ' 0000117 ', size: 100 })
    expect(found.items.map((a) => a.phone)).toEqual(['+19990030000117'])
    expect((await u.page({ search: '(000) 01-17', size: 100 })).items).toHaveLength(1)
    const two = await u.page({ search: '11', size: 100 })
    const expected = Array.from(
      { length: 120 },
      (_, i) => `+1999003${String(120 - i).padStart(7, '0')}`,
    ).filter((p) => p.includes('11'))
    expect(two.items.map((a) => a.phone)).toEqual(expected)
    expect((await u.page({ search: 'abc' })).items).toEqual([])
    // Other users' accounts never show up.
    const other = await newUser(t.app)
    expect((await other.get(q({ search: '0000117' }))).json()).toMatchObject({ items: [] })
  })

  it.each([
    ['malformed filters JSON', { filters: '{bad' }],
    ['unknown filter status', { filters: '{"status":"lost"}' }],
    ['unknown filter key', { filters: '{"owner":1}' }],
    ['wrong sort model', { sorts: '[{"model":"Invoice","field":"created_at","direction":"asc"}]' }],
    ['sorts not an array', { sorts: '{"model":"Account"}' }],
    ['garbage cursor', { cursor: 'garbage' }],
    ['size 0', { size: '0' }],
    ['size 101', { size: '101' }],
    ['search of 15 characters', { search: '123456789012345' }],
  ])('%s is 400', async (_name, params) => {
    const u = await newUser(t.app)
    const response = await u.get(q(params))
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
  })

  it('a tampered cursor is 400', async () => {
    const u = await userWithAccounts(30, 4)
    const { nextPage } = await u.page({})
    const [payload = '', signature = ''] = (nextPage ?? '').split('.')
    const position = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { i: number }
    const forged = Buffer.from(JSON.stringify({ ...position, i: position.i + 1 })).toString('base64url')
    for (const cursor of [
      `${forged}.${signature}`,
      `${payload}.AAAA`,
      `${payload}`,
      `${payload}.${signature}.x`,
    ]) {
      expect((await u.get(q({ cursor }))).statusCode).toBe(400)
    }
  })

  it('detail: the owner gets it, anyone else 404, a malformed uid 400', async () => {
    const owner = await newUser(t.app)
    const account = await submitOrdinaryAccount(owner.post, ordinaryPhone())
    const mine = await owner.get(`/accounts/${account.uid}`)
    expect(mine.statusCode).toBe(200)
    expect(AccountSchema.parse(mine.json())).toMatchObject({ uid: account.uid, phone: account.phone })
    const other = await newUser(t.app)
    expect((await other.get(`/accounts/${account.uid}`)).statusCode).toBe(404)
    expect((await other.get('/accounts/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    expect((await other.get('/accounts/not-a-uid')).statusCode).toBe(400)
    expect((await t.app.inject({ method: 'GET', url: `/accounts/${account.uid}` })).statusCode).toBe(401)
  })
})
