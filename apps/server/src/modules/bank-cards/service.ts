/** Bank cards saved from toman payment requests, listed newest-used first for the toman form. */
import type { BankCard, Page } from '@app/contract'
import type { Db } from '#db/client.ts'
import type { CursorCodec } from '#lib/cursor.ts'
import { epochSeconds } from '#lib/epoch-seconds.ts'
import { assemblePage } from '#lib/keyset.ts'
import { countBankCards, findBankCardPage } from './repository.ts'

export type BankCardServiceDeps = { db: Db; cursors: CursorCodec }
export function createBankCardService({ db, cursors }: BankCardServiceDeps) {
  return {
    async list(
      userId: number,
      input: { cursor?: string | undefined; size: number; order: 'asc' | 'desc' },
    ): Promise<Page<BankCard> & { total: number }> {
      const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
      const [rows, total] = await Promise.all([
        findBankCardPage(db, userId, input.order, input.size + 1, from),
        countBankCards(db, userId),
      ])
      const page = assemblePage(rows, input.size, from, cursors, (row) => ({
        uid: row.uid,
        name: row.name,
        family: row.family,
        number: row.number,
        iban: row.iban,
        created_at: epochSeconds(row.createdAt),
      }))
      return { ...page, total }
    },
  }
}
