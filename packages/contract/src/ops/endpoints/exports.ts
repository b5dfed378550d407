/**
 * CSV exports of a period (docs/console.md, 'Exports'): each answers `text/csv` (UTF-8 with a BOM), streamed, and
 * writes an audit row (who, what, the period, how many rows). Each asks for the least role that may take its data
 * away in bulk: invoices and the ledger are what a viewer reads on the screens; payouts hold every receiver's IBAN
 * or wallet address, so they need an operator, who pays them.
 */
import { defineEndpoint } from '../../endpoint.ts'
import { CsvSchema, ExportQuerySchema } from '../exports.ts'
import { opsErrors } from './errors.ts'

export const invoices = defineEndpoint({
  method: 'GET',
  path: '/ops/exports/invoices',
  role: 'viewer',
  query: ExportQuerySchema,
  produces: 'text/csv',
  responses: { 200: CsvSchema, ...opsErrors },
})

export const payouts = defineEndpoint({
  method: 'GET',
  path: '/ops/exports/payouts',
  role: 'operator',
  query: ExportQuerySchema,
  produces: 'text/csv',
  responses: { 200: CsvSchema, ...opsErrors },
})

export const ledger = defineEndpoint({
  method: 'GET',
  path: '/ops/exports/ledger',
  role: 'viewer',
  query: ExportQuerySchema,
  produces: 'text/csv',
  responses: { 200: CsvSchema, ...opsErrors },
})
