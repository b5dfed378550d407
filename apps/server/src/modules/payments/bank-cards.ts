/** Bank cards saved from toman payment requests, listed newest-used first for the toman form. */
import type { BankCard, Page } from '@app/contract'
import { and, count, eq, getTableColumns, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bankCards } from '../../db/schema.ts'
import type { CursorCodec } from '../../lib/cursor.ts'
import { epochSeconds } from '../../lib/epoch-seconds.ts'
import { assemblePage, createdAtKey, keysetScan } from '../../lib/keyset.ts'

type CardInput = { name: string; family: string; number: string; iban: string }

/** Saves the card (or marks an already saved one as just used) and answers its id. */
export async function saveBankCard(tx: Db, userId: number, card: CardInput, now: Date): Promise<number> {
  const [row] = await tx
    .insert(bankCards)
    .values({ userId, ...card, createdAt: now })
    .onConflictDoUpdate({
      target: [bankCards.userId, bankCards.number, bankCards.iban],
      set: { name: card.name, family: card.family, createdAt: now },
    })
    .returning({ id: bankCards.id })
  if (!row) throw new Error('bank card upsert returned no row')
  return row.id
}

const recordColumns = { ...getTableColumns(bankCards), createdAtKey: createdAtKey(bankCards.createdAt) }

export async function listBankCards(
  db: Db,
  cursors: CursorCodec,
  userId: number,
  input: { cursor?: string | undefined; size: number; order: 'asc' | 'desc' },
): Promise<Page<BankCard> & { total: number }> {
  const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
  const scan = keysetScan(bankCards.createdAt, bankCards.id, input.order, from)
  const conditions: SQL[] = [eq(bankCards.userId, userId)]
  if (scan.after) conditions.push(scan.after)
  const [rows, [counted]] = await Promise.all([
    db
      .select(recordColumns)
      .from(bankCards)
      .where(and(...conditions))
      .orderBy(...scan.orderBy)
      .limit(input.size + 1),
    db.select({ n: count() }).from(bankCards).where(eq(bankCards.userId, userId)),
  ])
  const page = assemblePage(rows, input.size, from, cursors, (row) => ({
    uid: row.uid,
    name: row.name,
    family: row.family,
    number: row.number,
    iban: row.iban,
    created_at: epochSeconds(row.createdAt),
  }))
  return { ...page, total: counted?.n ?? 0 }
}
