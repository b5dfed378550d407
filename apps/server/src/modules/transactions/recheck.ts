/**
 * The background chain check (docs/transactions.md, 'Chain check'): transactions recorded while their chain showed
 * too few confirmations are read again each round, in whichever process holds the round's lease, until they are
 * final, refused or past the time limit.
 */

import type { Db } from '#db/client.ts'
import { claimRound } from '#db/leases.ts'
import { type BatchWorker, startSchedule } from '#lib/batch-worker.ts'
import { DomainError } from '#lib/domain-error.ts'
import { appendAudit } from '../audit/service.ts'
import { transactionThenWake } from '../bot-outbox/queue.ts'
import type { ChainVerdict } from './chain-check.ts'
import { judgeOnChain } from './chain-check.ts'
import { type ChainWord, expectationOf, readChain } from './chain-recording.ts'
import { chainOf, type TransactionsContext } from './context.ts'
import { lockInvoice } from './invoice-payments.ts'
import { followMove } from './moves.ts'
import {
  findTransaction,
  findWaitingTransactions,
  setChainCheck,
  type TransactionRecord,
  updateTransactionStatus,
} from './repository.ts'

/** The lease of the background chain check's rounds (one process a round). */
const CHAIN_RECHECK_LEASE = 'chain-recheck'
/** Who the audit log names for what the background chain check records. */
const CHAIN_CHECK_ACTOR = { id: null, login: 'chain-check' }

type Counted = Exclude<ChainVerdict, { kind: 'refused' }>

/** A transaction as read again in its database transaction, and how to audit what the check records of it. */
type Recheck = {
  tx: Db
  row: TransactionRecord
  current: TransactionRecord
  at: Date
  audit: (action: string, reason: string, after: unknown) => Promise<unknown>
}

/** Final now: success, paid, the user told, audited as the chain check's. */
async function recordVerified({ tx, row, at, audit }: Recheck, verdict: Counted): Promise<string> {
  const moved = await updateTransactionStatus(tx, row.id, ['broadcasting'], {
    status: 'success',
    paidAt: at,
    chainCheck: 'verified',
    chainConfirmations: verdict.confirmations,
    chainRequired: verdict.required,
    chainCheckedAt: at,
    chainWaitUntil: null,
  })
  if (!moved) return 'moved meanwhile'
  await followMove(tx, row, 'success', row.txid, at)
  await audit('transaction.succeed', `${verdict.confirmations} of ${verdict.required} confirmations`, {
    status: 'success',
    chainCheck: 'verified',
  })
  return 'verified'
}

/** Still short of its confirmations: expired past the time limit (for an operator), else the new count. */
async function recordShort(ctx: TransactionsContext, check: Recheck, verdict: Counted): Promise<string> {
  const { tx, row, current, at, audit } = check
  if (current.chainWaitUntil !== null && at >= current.chainWaitUntil) {
    const reason = `Still ${verdict.confirmations} of ${verdict.required} confirmations ${chainOf(ctx)?.confirmTimeoutSeconds ?? 3600} s after it was recorded: record it again once final, or fail it`
    await setChainCheck(tx, row.id, {
      chainCheck: 'expired',
      chainConfirmations: verdict.confirmations,
      chainReason: reason,
      chainCheckedAt: at,
    })
    await audit('transaction.chain-expired', reason, { chainCheck: 'expired' })
    return 'expired'
  }
  await setChainCheck(tx, row.id, {
    chainCheck: 'waiting',
    chainConfirmations: verdict.confirmations,
    chainCheckedAt: at,
  })
  return 'waiting'
}

/**
 * Reads one transaction waiting for confirmations again and records what changed, in one database transaction with
 * the invoice locked: verified -> success; refused (the chain no longer shows it: a reorganisation, a replaced
 * transaction) -> the reason on the transaction; still short past the time limit -> `expired`, for an operator; else
 * the new count. A transaction moved meanwhile is left as it is.
 */
async function recheckOne(
  ctx: TransactionsContext,
  row: TransactionRecord,
  word: ChainWord,
): Promise<string> {
  if (word.kind !== 'read' || row.txid === null) return 'skipped'
  const verdict = judgeOnChain(
    word.look,
    expectationOf(ctx, row, { to: 'success', txid: row.txid, senderAddress: row.senderAddress ?? undefined }),
  )
  const at = word.at
  return transactionThenWake(ctx.db, ctx.messageQueued, async (tx) => {
    await lockInvoice(tx, row.invoiceUid)
    const current = await findTransaction(tx, row.uid)
    if (current?.status !== 'broadcasting' || current.chainCheck !== 'waiting' || current.txid !== row.txid)
      return 'moved meanwhile'
    const before = {
      status: current.status,
      chainCheck: current.chainCheck,
      confirmations: current.chainConfirmations,
    }
    const audit = (action: string, reason: string, after: unknown) =>
      appendAudit(tx, CHAIN_CHECK_ACTOR, {
        action,
        objectType: 'transaction',
        objectId: row.uid,
        reason,
        before,
        after,
      })
    const check: Recheck = { tx, row, current, at, audit }
    if (verdict.kind === 'verified') return recordVerified(check, verdict)
    if (verdict.kind === 'refused') {
      await setChainCheck(tx, row.id, {
        chainCheck: 'refused',
        chainReason: verdict.reason,
        chainCheckedAt: at,
      })
      await audit('transaction.chain-refused', verdict.reason, { chainCheck: 'refused' })
      return 'refused'
    }
    return recordShort(ctx, check, verdict)
  })
}

/**
 * One round of the background chain check: transactions waiting for confirmations, least recently checked first. An
 * endpoint that cannot answer ends the round for its chain (the next round tries again); answers what each became.
 */
export async function recheckWaiting(ctx: TransactionsContext, limit = 50): Promise<Record<string, string>> {
  const outcome: Record<string, string> = {}
  const down = new Set<string>()
  for (const row of await findWaitingTransactions(ctx.db, limit)) {
    if (row.txid === null || down.has(row.currency)) continue
    try {
      outcome[row.uid] = await recheckOne(ctx, row, await readChain(ctx, row, row.txid))
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'CHAIN_UNAVAILABLE') throw error
      down.add(row.currency)
      ctx.log?.warn({ currency: row.currency }, `chain re-check: ${error.message}`)
    }
  }
  return outcome
}

/** One round now, when this process gets the round's lease (tests; the schedule below). */
export async function recheckRound(ctx: TransactionsContext): Promise<Record<string, string> | undefined> {
  const { holder } = ctx
  const round = {
    name: CHAIN_RECHECK_LEASE,
    holder,
    now: ctx.now(),
    intervalMs: chainOf(ctx)?.recheckMs || 30_000,
  }
  if (!(await claimRound(ctx.db, round))) return undefined
  const outcome = await recheckWaiting(ctx)
  const changed = Object.entries(outcome).filter(([, what]) => what !== 'waiting' && what !== 'skipped')
  if (changed.length > 0)
    ctx.log?.info({ holder, changed: Object.fromEntries(changed) }, 'chain re-check round')
  return outcome
}

/** Starts the background chain check: a round every CHAIN_RECHECK_MS in whichever process holds the lease. */
export function startRecheck(ctx: TransactionsContext): BatchWorker {
  const intervalMs = chainOf(ctx)?.recheckMs || 30_000
  return startSchedule({
    intervalMs,
    firstDelayMs: intervalMs,
    run: () => recheckRound(ctx),
    onError: (error) => ctx.log?.error({ err: error }, 'chain re-check round failed'),
  })
}
