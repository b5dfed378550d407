/**
 * Recording a transaction as succeeded (docs/transactions.md, 'Chain check'): its proof (txid, sender), the chain's
 * word read before the move's database transaction opens (no lock is held while an endpoint answers), and the
 * decision made again inside it with the txid held. A refusal is kept on the transaction and in the audit log.
 */
import { isBscAddress, isTronAddress } from '@app/contract'
import type { Db } from '#db/client.ts'
import { DomainError, notFound, validationError } from '#lib/domain-error.ts'
import { type ChainLookUp, ChainUnavailableError } from '#providers/chain/chain-reader.ts'
import { appendAudit } from '../audit/service.ts'
import type { SigningOperator } from '../signers/signers.ts'
import { type ChainExpectation, type ChainVerdict, judgeOnChain, txidTaken } from './chain-check.ts'
import { chainOf, type TransactionsContext } from './context.ts'
import {
  findOtherTransactionWithTxid,
  findTransaction,
  lockTxid,
  type StoredChainCheck,
  setChainCheck,
  type TransactionRecord,
} from './repository.ts'
import { MOVES_FROM, type StatusMove, type TransactionCurrency } from './status-rules.ts'

/**
 * What the chain said of a TRX or USDT transaction being recorded as succeeded, read before the move's database
 * transaction opens: `unverified` when its chain has no endpoint.
 */
export type ChainWord = { kind: 'unverified' } | { kind: 'read'; look: ChainLookUp; at: Date }

export type SucceedMove = Extract<StatusMove, { to: 'success' }>

type Refusal = Extract<ChainVerdict, { kind: 'refused' }>

const TXID: Record<TransactionCurrency, RegExp> = {
  trx: /^[0-9a-fA-F]{64}$/,
  usdt: /^0x[0-9a-fA-F]{64}$/,
  // A bank transfer's tracking or reference number.
  irt: /^[A-Za-z0-9-]{4,64}$/,
}

/** Refuses (400) a txid or sender address that cannot be one of the transaction's currency. */
export function checkProof(row: TransactionRecord, move: SucceedMove) {
  const { currency } = row
  if (!TXID[currency].test(move.txid)) {
    throw validationError(
      currency === 'irt'
        ? 'txid: the bank reference must be 4-64 letters, digits or dashes'
        : `txid: not a ${currency === 'trx' ? 'TRON transaction id (64 hex)' : 'BSC transaction hash (0x + 64 hex)'}`,
    )
  }
  if (currency === 'irt') return
  const sender = move.senderAddress ?? ''
  const valid = currency === 'trx' ? isTronAddress(sender) : isBscAddress(sender)
  if (!valid)
    throw validationError(`senderAddress: not a valid ${currency === 'trx' ? 'TRON' : 'BSC'} address`)
}

const chainRefused = (verdict: Refusal) =>
  new DomainError(409, 'CHAIN_CHECK_FAILED', verdict.reason, {
    check: verdict.check,
    expected: verdict.expected,
    found: verdict.found,
  })

/** A toman transaction's bank reference that another transaction recorded: refused as a reused txid is. */
const referenceTaken = (reference: string, other: string) =>
  new DomainError(
    409,
    'PAYOUT_REFERENCE_TAKEN',
    `The bank reference is recorded for another payout: expected a reference no payout has, found ${reference} on payout ${other}`,
    { reference, payout: other },
  )

/** The transaction that recorded this txid or bank reference already (any case), under a lock held to the end of `tx`. */
async function lockedOtherTransaction(tx: Db, row: TransactionRecord, txid: string) {
  await lockTxid(tx, txid)
  return findOtherTransactionWithTxid(tx, txid, row.id)
}

const readerOf = (ctx: TransactionsContext, row: TransactionRecord) =>
  row.currency === 'trx' ? ctx.chainReaders?.tron : ctx.chainReaders?.bsc

/** What the chain must show of this transaction recorded with this txid and sender. */
export function expectationOf(
  ctx: TransactionsContext,
  row: TransactionRecord,
  move: SucceedMove,
): ChainExpectation {
  const chain = chainOf(ctx)
  const currency = row.currency === 'trx' ? 'trx' : 'usdt'
  return {
    currency,
    txid: move.txid,
    receiver: row.receiverAddress,
    sender: move.senderAddress ?? '',
    wallets: (currency === 'trx' ? chain?.tron?.payoutWallets : chain?.bsc?.payoutWallets) ?? [],
    net: row.net,
    usdtContract: chain?.bsc?.usdtContract ?? '',
    required: (currency === 'trx' ? chain?.tron?.confirmations : chain?.bsc?.confirmations) ?? 1,
  }
}

/**
 * A refused recording, kept although the move is not made: on the transaction (operators see why; a toman one has no
 * chain check to hold it) and in the audit log. Answers the error to throw.
 */
async function recordRefusal(
  ctx: TransactionsContext,
  row: TransactionRecord,
  move: SucceedMove,
  error: DomainError,
  by: SigningOperator,
) {
  const at = ctx.now()
  await ctx.db.transaction(async (tx) => {
    // A transaction waiting for the confirmations of an earlier txid keeps that check; the refusal is in the log.
    if (row.chainCheck !== 'waiting' && row.currency !== 'irt')
      await setChainCheck(tx, row.id, {
        chainCheck: 'refused',
        chainReason: error.message,
        chainCheckedAt: at,
        chainConfirmations: null,
        chainRequired: null,
      })
    await appendAudit(tx, by, {
      action: 'transaction.succeed.refused',
      objectType: 'transaction',
      objectId: row.uid,
      reason: error.message,
      before: { status: row.status, txid: row.txid, senderAddress: row.senderAddress },
      after: { txid: move.txid, senderAddress: move.senderAddress ?? null, ...error.details },
    })
  })
  return error
}

/** The chain's word on a transaction, or 503 CHAIN_UNAVAILABLE with Retry-After when its endpoint cannot say. */
export async function readChain(
  ctx: TransactionsContext,
  row: TransactionRecord,
  txid: string,
): Promise<ChainWord> {
  const reader = readerOf(ctx, row)
  if (reader === undefined) return { kind: 'unverified' }
  try {
    return { kind: 'read', look: await reader.lookUp(txid), at: ctx.now() }
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error
    const wait = chainOf(ctx)?.retryAfterSeconds ?? 30
    const unavailable = new DomainError(
      503,
      'CHAIN_UNAVAILABLE',
      `The ${error.chain === 'tron' ? 'TRON' : 'BSC'} endpoint cannot be read now (${error.message}); nothing was recorded, try again`,
      { chain: error.chain, wait },
    )
    unavailable.retryAfterSeconds = wait
    throw unavailable
  }
}

/**
 * The checks of recording a transaction as succeeded, before the move: a toman transaction's bank reference must be no
 * other's (409 PAYOUT_REFERENCE_TAKEN); a TRX or USDT transaction's txid must be no other's and the chain must show
 * the exact transfer (409 CHAIN_CHECK_FAILED). A refusal is recorded on the transaction and in the audit log; an
 * endpoint that cannot say is 503 CHAIN_UNAVAILABLE. The move decides again with the txid held. Answers the chain's
 * word (undefined: other moves, and toman).
 */
export async function checkOnChain(
  ctx: TransactionsContext,
  uid: string,
  move: StatusMove,
  by: SigningOperator,
): Promise<ChainWord | undefined> {
  if (move.to !== 'success') return undefined
  const row = await findTransaction(ctx.db, uid)
  if (!row) throw notFound('Transaction not found')
  checkProof(row, move)
  if (!MOVES_FROM.success.includes(row.status)) {
    throw new DomainError(409, 'INVALID_STATE', `Transaction is ${row.status}; cannot move it to success`)
  }
  if (row.currency === 'irt') {
    const other = await findOtherTransactionWithTxid(ctx.db, move.txid, row.id)
    if (other !== undefined)
      throw await recordRefusal(ctx, row, move, referenceTaken(move.txid, other.uid), by)
    return undefined
  }
  // All of it is the chain check: with no endpoint for the chain (development, the demo) nothing is checked.
  if (readerOf(ctx, row) === undefined) return { kind: 'unverified' }
  const other = await findOtherTransactionWithTxid(ctx.db, move.txid, row.id)
  if (other !== undefined)
    throw await recordRefusal(ctx, row, move, chainRefused(txidTaken(move.txid, other.uid) as Refusal), by)
  const word = await readChain(ctx, row, move.txid)
  if (word.kind === 'read') {
    const verdict = judgeOnChain(word.look, expectationOf(ctx, row, move))
    if (verdict.kind === 'refused') throw await recordRefusal(ctx, row, move, chainRefused(verdict), by)
  }
  return word
}

/**
 * The chain check a success is recorded with, decided again in the move's transaction with the txid held: a TRX or
 * USDT success needs the chain's word read before (checkOnChain), so that no caller can skip it.
 */
export async function chainCheckOfSuccess(
  ctx: TransactionsContext,
  tx: Db,
  row: TransactionRecord,
  move: SucceedMove,
  word: ChainWord | undefined,
  at: Date,
): Promise<Partial<StoredChainCheck>> {
  if (row.currency === 'irt') {
    const other = await lockedOtherTransaction(tx, row, move.txid)
    if (other !== undefined) throw referenceTaken(move.txid, other.uid)
    return {}
  }
  if (word === undefined)
    throw new Error('a TRX or USDT transaction succeeds only after its chain check (checkOnChain)')
  if (word.kind === 'unverified') return { chainCheck: 'unverified', chainCheckedAt: at, chainReason: null }
  const other = await lockedOtherTransaction(tx, row, move.txid)
  if (other !== undefined) throw chainRefused(txidTaken(move.txid, other.uid) as Refusal)
  const verdict = judgeOnChain(word.look, expectationOf(ctx, row, move))
  if (verdict.kind === 'refused') throw chainRefused(verdict)
  return {
    chainCheck: verdict.kind === 'verified' ? 'verified' : 'waiting',
    chainConfirmations: verdict.confirmations,
    chainRequired: verdict.required,
    chainReason: null,
    chainCheckedAt: word.at,
    chainWaitUntil:
      verdict.kind === 'waiting'
        ? new Date(at.getTime() + (chainOf(ctx)?.confirmTimeoutSeconds ?? 3600) * 1000)
        : null,
  }
}
