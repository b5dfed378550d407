/**
 * The ledger check split into statements by id ranges of users, invoices and accounts: every row is checked in
 * some range, and only once.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { findLedgerProblems } from '#modules/ledger/repository.ts'
import { newUser, userIdOf } from '#test-helpers/accounts.ts'
import { useTestApp } from '#test-helpers/app.ts'
import { DATABASE_KINDS } from '#test-helpers/database.ts'
import { acceptedAccounts } from '#test-helpers/payments.ts'

describe.each(DATABASE_KINDS)('ledger problems on %s', (kind) => {
  const t = useTestApp(kind)

  it('finds each problem once, however the ids are split into statements', async () => {
    const users: { telegramId: number; id: number; account: string }[] = []
    for (let i = 0; i < 3; i++) {
      const { telegramId } = await newUser(t.app)
      const id = await userIdOf(t.database.db, telegramId)
      const [account] = await acceptedAccounts(t.database.db, id, [1_000_000n])
      users.push({ telegramId, id, account: account ?? '' })
    }
    for (const idsPerStatement of [1, 2, 1000])
      expect(await findLedgerProblems(t.database.db, { idsPerStatement })).toEqual([])

    const [first, broken, last] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]]
    // An invoice with nothing on it: the user's balance (users) and the invoice's amount (invoices) are off.
    await t.database.db.execute(sql`insert into invoices (user_id, amount) values (${broken.id}, 7000000)`)
    // An earning from the user's own account (accounts); their balance still adds up (the earning is available).
    await t.database.db.execute(sql`
      insert into referral_earnings (account_id, referrer_user_id, amount, share_basis_points)
      select id, ${last.id}, 100000, 1000 from accounts where uid = ${last.account}`)

    const whole = await findLedgerProblems(t.database.db)
    const count = (prefix: string) => whole.filter((line) => line.startsWith(prefix)).length
    expect(count(`user ${broken.telegramId}:`)).toBe(1)
    expect(count('invoice ')).toBe(1)
    expect(count(`referral earning of account ${last.account}: earned from an own account`)).toBe(1)
    expect(count(`user ${first.telegramId}:`) + count(`user ${last.telegramId}:`)).toBe(0)
    expect(whole).toHaveLength(3)
    for (const idsPerStatement of [1, 2]) {
      const split = await findLedgerProblems(t.database.db, { idsPerStatement, paced: true })
      expect(split.sort()).toEqual([...whole].sort())
    }
  })
})
