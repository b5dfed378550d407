/** The ledger check split into statements: every user's balance is checked in some range, and only once. */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { findLedgerProblems } from '../../../src/modules/ledger/repository.ts'
import { newUser, userIdOf } from '../../helpers/accounts.ts'
import { useTestApp } from '../../helpers/app.ts'
import { DATABASE_KINDS } from '../../helpers/database.ts'
import { acceptedAccounts } from '../../helpers/payments.ts'

describe.each(DATABASE_KINDS)('ledger problems on %s', (kind) => {
  const t = useTestApp(kind)

  it('finds a user whose balance does not add up, once, however the users are split into statements', async () => {
    const users: { telegramId: number; id: number }[] = []
    for (let i = 0; i < 3; i++) {
      const { telegramId } = await newUser(t.app)
      const id = await userIdOf(t.database.db, telegramId)
      await acceptedAccounts(t.database.db, id, [1_000_000n])
      users.push({ telegramId, id })
    }
    for (const usersPerStatement of [1, 2, 1000])
      expect(await findLedgerProblems(t.database.db, { usersPerStatement })).toEqual([])

    // The middle user's accepted net grows with no invoice or balance to match it: its own line, from any split.
    const [first, broken] = users as [(typeof users)[0], (typeof users)[0]]
    await t.database.db.execute(sql`insert into invoices (user_id, amount) values (${broken.id}, 7000000)`)
    const lines = (found: string[]) => found.filter((line) => line.startsWith(`user ${broken.telegramId}:`))
    const whole = await findLedgerProblems(t.database.db)
    expect(lines(whole)).toHaveLength(1)
    for (const usersPerStatement of [1, 2]) {
      const split = await findLedgerProblems(t.database.db, { usersPerStatement, paced: true })
      expect(split.sort()).toEqual([...whole].sort())
    }
    expect(
      whole.some((line) => line.startsWith(`user ${(users[0] as { telegramId: number }).telegramId}:`)),
    ).toBe(false)
  })
})
