/** The ledger: the books' totals and the problems the check found. */
import { defineEndpoint } from '../../endpoint.ts'
import { LedgerSchema } from '../transactions.ts'
import { opsErrors } from './errors.ts'

export const ledger = defineEndpoint({
  method: 'GET',
  path: '/ops/ledger',
  role: 'viewer',
  responses: { 200: LedgerSchema, ...opsErrors },
})
