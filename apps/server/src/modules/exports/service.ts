/**
 * CSV exports of a period (docs/console.md, 'Exports'): invoices, payouts and the ledger, streamed batch by batch
 * through csv-stringify (UTF-8 with a BOM, so spreadsheets read Persian names). Cells are safe to open (`safeCell`):
 * a field holding a line break, a quote or a separator is quoted, and a line that starts with a formula trigger gets
 * a leading '. Amounts are plain decimals ('1182000', '12.5'), the currency in its own column. Each export writes
 * one audit row when it ends: who, what, the period and how many rows were sent (`complete: false` when the
 * download stopped early).
 */
import { pipeline, Readable } from 'node:stream'
import type { ExportKind, ExportQuery } from '@app/contract/ops'
import { stringify } from 'csv-stringify'
import type { Db } from '#db/client.ts'
import { validationError } from '#lib/domain-error.ts'
import { formatUsdt } from '#lib/money.ts'
import { type AuditActor, appendAudit } from '../audit/service.ts'
import {
  type InvoiceRow,
  invoiceBatch,
  LEDGER_SOURCES,
  type LedgerRow,
  ledgerBatch,
  type Period,
  type Position,
  type TransactionRow,
  transactionBatch,
} from './repository.ts'

const DAY_MS = 24 * 3600 * 1000

/** UTC days, both included -> [from, to). A day that is no day, or a period that ends before it starts, is a 400. */
function periodOf({ from, to }: ExportQuery): Period {
  const day = (text: string, field: string) => {
    const date = new Date(`${text}T00:00:00Z`)
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
      throw validationError(`${field}: not a day`)
    return date
  }
  const start = day(from, 'from')
  const end = new Date(day(to, 'to').getTime() + DAY_MS)
  if (end <= start) throw validationError('to: the period ends before it starts')
  return { from: start, to: end }
}

type Column<R> = [header: string, cell: (row: R) => string | number | null]

const LINE_BREAK = /(\r\n|\r|\n)/
/** What makes a spreadsheet read a cell, or a line of it, as a formula (OWASP's list and its full-width forms). */
const FORMULA_START = /^[=+\-@\t\uFF1D\uFF0B\uFF0D\uFF20]/

/**
 * A leading ' before each line of the cell that starts a formula: the cell's first, and each after a line break,
 * for the readers that split a quoted cell at its line breaks.
 */
const safeCell = (text: string) =>
  text
    .split(LINE_BREAK)
    .map((part, i) => (i % 2 === 0 && FORMULA_START.test(part) ? `'${part}` : part))
    .join('')

/** A phone as a tel: URI (RFC 3966): it still reads as the E.164 number, and no spreadsheet takes + for a formula. */
const telUri = (phone: string) => `tel:${phone}`
/** A card number in groups of four, as printed on the card: text, not a 16-digit number a spreadsheet rounds. */
const grouped = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ')

const user = <
  R extends {
    telegram_id: string | null
    user_uid: string
    first_name: string
    last_name: string | null
    username: string | null
  },
>(): Column<R>[] => [
  ['telegram_id', (r) => r.telegram_id],
  ['user_uid', (r) => r.user_uid],
  ['first_name', (r) => r.first_name],
  ['last_name', (r) => r.last_name],
  ['username', (r) => r.username],
]

const usdt = (minor: string) => formatUsdt(BigInt(minor))
/** What a payout pays in its own currency: toman whole, TRX and USDT stored with 6 decimals. */
const net = (r: TransactionRow) => (r.currency === 'irt' ? r.net : usdt(r.net))
const CURRENCY = { irt: 'IRT', trx: 'TRX', usdt: 'USDT' } as const

const INVOICE_COLUMNS: Column<InvoiceRow>[] = [
  ['invoice', (r) => r.uid],
  ['created_at', (r) => r.at],
  ...user<InvoiceRow>(),
  ['accounts', (r) => r.accounts],
  ['amount', (r) => usdt(r.amount)],
  ['currency', () => 'USDT'],
  ['of_which_referral_earnings', (r) => usdt(r.referral_earnings)],
  ['confirmation_status', (r) => r.confirmation_status],
  ['payment_status', (r) => r.payment_status],
  ['paid_at', (r) => r.paid_at],
]

const TRANSACTION_COLUMNS: Column<TransactionRow>[] = [
  ['payout', (r) => r.uid],
  ['created_at', (r) => r.at],
  ['invoice', (r) => r.invoice_uid],
  ...user<TransactionRow>(),
  ['status', (r) => r.status],
  ['amount', (r) => usdt(r.amount)],
  ['amount_currency', () => 'USDT'],
  ['user_fee', (r) => usdt(r.user_fee)],
  ['rate', (r) => usdt(r.rate)],
  ['net', net],
  ['net_currency', (r) => CURRENCY[r.currency]],
  ['receiver', (r) => r.receiver_address],
  ['card_holder', (r) => r.card_holder],
  ['card_number', (r) => (r.card_number === null ? null : grouped(r.card_number))],
  ['txid', (r) => r.txid],
  ['sender', (r) => r.sender_address],
  ['paid_at', (r) => r.paid_at],
]

/** A payout's currency; the phone of an accepted account or of the one a referral earning is for. */
const detail = (r: LedgerRow) =>
  r.detail === null
    ? null
    : r.source === 2
      ? (CURRENCY[r.detail as keyof typeof CURRENCY] ?? r.detail)
      : telUri(r.detail)

const LEDGER_COLUMNS: Column<LedgerRow>[] = [
  ['at', (r) => r.at],
  ['entry', (r) => LEDGER_SOURCES[r.source] ?? ''],
  ['object', (r) => r.uid],
  ...user<LedgerRow>(),
  ['credit', (r) => usdt(r.credit)],
  ['debit', (r) => usdt(r.debit)],
  ['currency', () => 'USDT'],
  ['invoice', (r) => r.invoice_uid],
  ['detail', detail],
]

type Batch<R> = (db: Db, period: Period, after: Position | undefined, limit: number) => Promise<R[]>

const EXPORTS: { [K in ExportKind]: { batch: Batch<never>; columns: Column<never>[] } } = {
  invoices: { batch: invoiceBatch as Batch<never>, columns: INVOICE_COLUMNS as Column<never>[] },
  payouts: { batch: transactionBatch as Batch<never>, columns: TRANSACTION_COLUMNS as Column<never>[] },
  ledger: { batch: ledgerBatch as Batch<never>, columns: LEDGER_COLUMNS as Column<never>[] },
}

export type ExportServiceDeps = { db: Db; exportBatchSize?: number }
export function createExportService({ db, exportBatchSize = 1000 }: ExportServiceDeps) {
  return {
    /**
     * The export as a stream of CSV bytes and its file name. Rows are read `exportBatchSize` at a time, the next
     * batch only when the stream wants more (the client reads), so memory holds a batch whatever the period.
     */
    csv(kind: ExportKind, query: ExportQuery, actor: AuditActor): { stream: Readable; fileName: string } {
      const period = periodOf(query)
      const { batch, columns } = EXPORTS[kind]
      async function* records() {
        let rows = 0
        let complete = false
        try {
          let after: Position | undefined
          for (;;) {
            const page = (await batch(db, period, after, exportBatchSize)) as Array<Position & object>
            for (const row of page) yield columns.map(([, cell]) => cell(row as never) ?? '')
            rows += page.length
            const last = page.at(-1)
            if (last === undefined || page.length < exportBatchSize) break
            after = { at: last.at, id: last.id, source: last.source }
          }
          complete = true
        } finally {
          await appendAudit(db, actor, {
            action: `export.${kind}`,
            objectType: 'export',
            objectId: kind,
            after: { from: query.from, to: query.to, rows, complete },
          })
        }
      }
      const csv = stringify({
        bom: true,
        header: true,
        columns: columns.map(([header]) => header),
        record_delimiter: 'windows',
        // csv-stringify quotes a lone \n or \r only with this when the record delimiter is \r\n; ; and a tab are
        // the separators of other locales' spreadsheets.
        quote_record_delimiter: true,
        quoted_match: /[;\t]/,
        cast: { string: safeCell },
      })
      // pipeline: a download that stops destroys the reader too (its audit row says so), an error ends the answer.
      const stream = pipeline(Readable.from(records()), csv, () => {})
      return { stream, fileName: `${kind}-${query.from}-to-${query.to}.csv` }
    },
  }
}
