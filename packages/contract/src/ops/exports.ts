import * as z from 'zod/mini'
import { DaySchema } from './dates.ts'

/**
 * `GET /ops/exports/*`: the period, UTC days, both included (`from=2026-11-01&to=2026-11-30` is November). What
 * falls in it: an invoice or a payout by when it was made, a ledger entry by when it happened.
 */
export const ExportQuerySchema = z.object({ from: DaySchema, to: DaySchema })
export type ExportQuery = z.infer<typeof ExportQuerySchema>

/** The answer is the CSV file itself (UTF-8 with a BOM), streamed; its schema is the text. */
export const CsvSchema = z.string()

/** What each export holds, in its columns' order (docs/console.md, 'Exports'). */
export const EXPORT_KINDS = ['invoices', 'payouts', 'ledger'] as const
export type ExportKind = (typeof EXPORT_KINDS)[number]
