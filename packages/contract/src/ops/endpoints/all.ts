import type { Endpoint } from '../../endpoint.ts'
import * as accounts from './accounts.ts'
import * as exports from './exports.ts'
import * as invites from './invites.ts'
import * as invoices from './invoices.ts'
import * as ledger from './ledger.ts'
import * as news from './news.ts'
import * as operators from './operators.ts'
import * as orders from './orders.ts'
import * as rates from './rates.ts'
import * as settings from './settings.ts'
import * as support from './support.ts'
import * as transactions from './transactions.ts'
import * as users from './users.ts'

/** Every operator call: the server's role table is made from this list (a new group of calls is added here). */
export const OPS_ENDPOINTS: readonly Endpoint[] = [
  accounts,
  exports,
  invites,
  invoices,
  ledger,
  news,
  operators,
  orders,
  rates,
  settings,
  support,
  transactions,
  users,
].flatMap((group) => Object.values(group))
