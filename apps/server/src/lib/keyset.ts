/**
 * Keyset pagination shared by every list: rows ordered by (created_at, id), one row more than a page
 * fetched to learn whether more exist, positions handed out as signed cursors (lib/cursor.ts).
 */
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm'
import type { CursorCodec, CursorPosition } from './cursor.ts'

/** created_at rendered to the microsecond in UTC: what a cursor holds. */
export const createdAtKey = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

export type KeysetScan = {
  /** The row condition past the cursor's position, if any. */
  after: SQL | undefined
  orderBy: SQL[]
}

/**
 * Reading backwards (the page before a position) walks the index the other way; `assemblePage`
 * reverses the rows again.
 */
export function keysetScan(
  createdAt: AnyColumn,
  id: AnyColumn,
  order: 'asc' | 'desc',
  from: CursorPosition | undefined,
): KeysetScan {
  const backwards = from?.d === 'p'
  const scan = backwards ? (order === 'asc' ? 'desc' : 'asc') : order
  const direction = scan === 'desc' ? desc : asc
  let after: SQL | undefined
  if (from !== undefined) {
    const position = sql`(${from.t}::timestamptz, ${from.i}::bigint)`
    after =
      scan === 'desc' ? sql`(${createdAt}, ${id}) < ${position}` : sql`(${createdAt}, ${id}) > ${position}`
  }
  return { after, orderBy: [direction(createdAt), direction(id)] }
}

export type KeysetRow = { id: number; createdAtKey: string }

export type KeysetPage<T> = { items: T[]; nextPage: string | null; previousPage: string | null }

/** Rows of a `keysetScan` (limit size + 1) -> the page and its cursors. */
export function assemblePage<R extends KeysetRow, T>(
  rows: R[],
  size: number,
  from: CursorPosition | undefined,
  cursors: CursorCodec,
  toItem: (row: R) => T,
): KeysetPage<T> {
  const more = rows.length > size
  const page = rows.slice(0, size)
  const backwards = from?.d === 'p'
  if (backwards) page.reverse()
  const first = page[0]
  const last = page[page.length - 1]
  const at = (row: R, d: 'n' | 'p') => cursors.encode({ t: row.createdAtKey, i: row.id, d })
  // Forwards: a next page exists when we read more than a page; a previous one whenever we came from a cursor.
  // Backwards: the mirror image.
  const hasNext = backwards ? true : more
  const hasPrevious = backwards ? more : from !== undefined
  return {
    items: page.map(toItem),
    nextPage: last !== undefined && hasNext ? at(last, 'n') : null,
    previousPage: first !== undefined && hasPrevious ? at(first, 'p') : null,
  }
}
