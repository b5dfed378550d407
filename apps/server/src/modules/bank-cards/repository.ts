/** All SQL about bank cards saved from toman payment requests. */
import type { BankCardCreate } from '@app/contract'
import { and, count, eq, getTableColumns, type SQL } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import type { CursorPosition } from '#lib/cursor.ts'
import { createdAtKey, keysetScan } from '#lib/keyset.ts'
import { bankCards } from './schema.ts'

/** Saves the card (or marks an already saved one as just used) and answers its id. */
export async function saveBankCard(tx: Db, userId: number, card: BankCardCreate, now: Date): Promise<number> {
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

/** One keyset page of the user's cards, one row more than asked to learn whether more exist. */
export async function findBankCardPage(
  db: Db,
  userId: number,
  order: 'asc' | 'desc',
  limit: number,
  from: CursorPosition | undefined,
) {
  const scan = keysetScan(bankCards.createdAt, bankCards.id, order, from)
  const conditions: SQL[] = [eq(bankCards.userId, userId)]
  if (scan.after) conditions.push(scan.after)
  return db
    .select(recordColumns)
    .from(bankCards)
    .where(and(...conditions))
    .orderBy(...scan.orderBy)
    .limit(limit)
}

export async function countBankCards(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bankCards).where(eq(bankCards.userId, userId))
  return row?.n ?? 0
}
