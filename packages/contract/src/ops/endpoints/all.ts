import type { Endpoint } from '../../endpoint.ts'
import * as accounts from './accounts.ts'
import * as exports from './exports.ts'
import * as invites from './invites.ts'
import * as news from './news.ts'
import * as operators from './operators.ts'
import * as orders from './orders.ts'
import * as settings from './settings.ts'
import * as support from './support.ts'
import * as users from './users.ts'
import * as withdrawals from './withdrawals.ts'

/** Every operator call: the server's role table is made from this list (a new group of calls is added here). */
export const OPS_ENDPOINTS: readonly Endpoint[] = [
  accounts,
  exports,
  invites,
  news,
  operators,
  orders,
  settings,
  support,
  users,
  withdrawals,
].flatMap((group) => Object.values(group))
