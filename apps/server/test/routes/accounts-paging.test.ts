/**
 * Paging 10,000 accounts of one user through GET /accounts: full walks in each order and filter,
 * and random walks forward and backward (fast-check, bounded runs) that must always show exactly
 * the expected slice of the expected order: nothing missing, nothing repeated.
 */
import type { Account, Page } from '@app/contract'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertAccounts, newUser, userIdOf } from '../helpers/accounts.ts'
import { useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'

const TOTAL = 10_000
type Order = 'asc' | 'desc'
type Status = 'accepted' | undefined

describe.each(DATABASE_KINDS)('paging 10,000 accounts on %s', (kind) => {
  const t = useTestApp(kind)
  let get: (url: string) => Promise<{ statusCode: number; json(): unknown }>
  const expected = new Map<string, string[]>()

  beforeAll(async () => {
    const u = await newUser(t.app)
    get = u.get
    const userId = await userIdOf(t.database.db, u.telegramId)
    await insertAccounts(t.database.db, userId, TOTAL, { prefix: 7 })
    for (const order of ['asc', 'desc'] as const) {
      for (const status of ['accepted', undefined] as const) {
        const result = (await t.database.db.execute(sql`
          select uid from accounts where user_id = ${userId}
          ${status ? sql`and status = ${status} and invoice_id is null` : sql``}
          order by created_at ${order === 'asc' ? sql`asc` : sql`desc`}, id ${order === 'asc' ? sql`asc` : sql`desc`}
        `)) as { rows: { uid: string }[] }
        expected.set(
          `${order}:${status}`,
          result.rows.map((r) => r.uid),
        )
      }
    }
  })

  async function page(order: Order, status: Status, size: number, cursor: string | null) {
    const params = new URLSearchParams({ size: String(size) })
    params.set('sorts', JSON.stringify([{ model: 'Account', field: 'created_at', direction: order }]))
    if (status) params.set('filters', JSON.stringify({ status, noInvoice: true }))
    if (cursor) params.set('cursor', cursor)
    const response = await get(`/accounts?${params.toString()}`)
    expect(response.statusCode).toBe(200)
    return response.json() as Page<Account>
  }

  it.each([
    ['desc', undefined],
    ['asc', 'accepted'],
  ] as const)('a full walk (%s, status %s) shows every account once, in order', async (order, status) => {
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const p: Page<Account> = await page(order, status, 100, cursor)
      seen.push(...p.items.map((a) => a.uid))
      cursor = p.nextPage
    } while (cursor !== null)
    expect(seen).toEqual(expected.get(`${order}:${status}`))
  })

  it('random walks forward and backward show exactly the expected slices', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Order>('asc', 'desc'),
        fc.constantFrom<Status>('accepted', undefined),
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }),
        async (order, status, size, moves) => {
          const all = expected.get(`${order}:${status}`) ?? []
          let current = await page(order, status, size, null)
          let start = 0
          expect(current.items.map((a) => a.uid)).toEqual(all.slice(0, size))
          for (const forward of moves) {
            const end = start + current.items.length
            expect(current.nextPage === null).toBe(end >= all.length)
            expect(current.previousPage === null).toBe(start === 0)
            const cursor = forward ? current.nextPage : current.previousPage
            if (cursor === null) continue
            current = await page(order, status, size, cursor)
            const previousStart = start
            start = forward ? end : Math.max(0, start - size)
            const want = forward ? all.slice(end, end + size) : all.slice(start, previousStart)
            expect(current.items.map((a) => a.uid)).toEqual(want)
          }
        },
      ),
      { numRuns: 25 },
    )
  })
})
