/**
 * Reading a payout's transaction on its chain (docs/transactions.md, 'Chain check'): one small interface per chain, so
 * that the payout rules never see HTTP or JSON-RPC, and tests point the real readers at local fakes. Read only: no
 * reader holds a key, signs or sends anything (test/scope-boundary.test.ts keeps it so).
 */

export type ChainName = 'tron' | 'bsc'

/** One movement of value a transaction made, in the chain's smallest unit. */
export type ObservedTransfer = {
  /** `native`: a TRX TransferContract; `token`: a token contract's Transfer (a BEP20 event, a TRC20 call). */
  kind: 'native' | 'token'
  /** The token contract's address; null for a native transfer. */
  token: string | null
  /** What the transaction is, in the chain's words ('TransferContract', 'TriggerSmartContract', 'Transfer'). */
  type: string
  from: string
  to: string
  /** Sun for TRX; the token's smallest unit (18 decimals for USDT BEP20). */
  amount: bigint
}

export type ChainLookUp =
  | { found: false }
  | {
      found: true
      /** The chain's own word for the outcome ('SUCCESS', 'REVERT', 'success', 'reverted'). */
      outcome: string
      succeeded: boolean
      /** The block that holds it; null while it waits to be included. */
      blockNumber: bigint | null
      /** The newest block the endpoint knows. */
      headBlock: bigint
      transfers: ObservedTransfer[]
    }

export interface ChainReader {
  readonly chain: ChainName
  /** What the chain says of this transaction now; throws ChainUnavailableError when the endpoint cannot say. */
  lookUp(txid: string): Promise<ChainLookUp>
}

/**
 * The endpoint did not answer usefully (down, too slow, an answer that is not its protocol's). The message says
 * which, in words fit for operators: never the endpoint's URL or key.
 */
export class ChainUnavailableError extends Error {
  override name = 'ChainUnavailableError'
  readonly chain: ChainName
  constructor(chain: ChainName, message: string) {
    super(message)
    this.chain = chain
  }
}

/** Confirmations of a transaction in `blockNumber` when the newest block is `headBlock`: its own block counts one. */
export function confirmationsOf(blockNumber: bigint | null, headBlock: bigint): number {
  if (blockNumber === null || headBlock < blockNumber) return 0
  return Number(headBlock - blockNumber + 1n)
}
