import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { orders } from '#db/schema.ts'

export type Order = { country: string; price: bigint; capacity: number; isOpen: boolean }

const orderColumns = {
  country: orders.country,
  price: orders.price,
  capacity: orders.capacity,
  isOpen: orders.isOpen,
}

export async function findOrder(db: Db, country: string): Promise<Order | undefined> {
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.country, country))
  return row
}

export async function listOrders(db: Db): Promise<Order[]> {
  return db.select(orderColumns).from(orders).orderBy(asc(orders.country))
}

/** Inserts the order; undefined when the country already has one. */
export async function insertOrder(db: Db, order: Order): Promise<Order | undefined> {
  const [row] = await db.insert(orders).values(order).onConflictDoNothing().returning(orderColumns)
  return row
}

export async function updateOrder(
  db: Db,
  country: string,
  changes: Partial<Omit<Order, 'country'>>,
): Promise<Order | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(orders.country, country))
    .returning(orderColumns)
  return row
}

/**
 * Takes one unit of an open order's capacity, atomically: concurrent submissions can never take
 * more than the capacity (the UPDATE's WHERE is re-checked after a concurrent commit).
 * Answers the price, or undefined when the order is missing, closed or full.
 */
export async function takeOrderCapacity(db: Db, country: string): Promise<bigint | undefined> {
  const [row] = await db
    .update(orders)
    .set({ capacity: sql`${orders.capacity} - 1`, updatedAt: sql`now()` })
    .where(and(eq(orders.country, country), eq(orders.isOpen, true), gt(orders.capacity, 0)))
    .returning({ price: orders.price })
  return row?.price
}
