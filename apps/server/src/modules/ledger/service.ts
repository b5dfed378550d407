/** The ledger report: proves from the database that the money adds up (docs/transactions.md). */
import type { Db } from '#db/client.ts'
import { formatUsdt } from '#lib/money.ts'
import { findLedgerProblems, sumLedgerTotals } from './repository.ts'

export type LedgerReport = {
  /** USDT totals over every user, exact decimal strings. */
  totals: {
    acceptedNet: string
    referralEarned: string
    available: string
    onUnpaidInvoices: string
    paid: string
    paidOut: string
  }
  problems: string[]
}

export type LedgerServiceDeps = { db: Db }
export function createLedgerService({ db }: LedgerServiceDeps) {
  return {
    async report(): Promise<LedgerReport> {
      const [problems, totals] = await Promise.all([findLedgerProblems(db), sumLedgerTotals(db)])
      return {
        totals: {
          acceptedNet: formatUsdt(totals.acceptedNet),
          referralEarned: formatUsdt(totals.earned),
          available: formatUsdt(totals.available),
          onUnpaidInvoices: formatUsdt(totals.unpaid),
          paid: formatUsdt(totals.paid),
          paidOut: formatUsdt(totals.paidOut),
        },
        problems,
      }
    },
  }
}
