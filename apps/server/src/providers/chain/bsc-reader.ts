/**
 * BSC through an Ethereum JSON-RPC endpoint (BSC_RPC_URL) with viem's public client: eth_chainId,
 * eth_getTransactionByHash, eth_getTransactionReceipt, eth_blockNumber, and its ABI decoding of the receipt's
 * Transfer events. Only the public client: no wallet client, account or signing (test/scope-boundary.test.ts).
 */
import type { TransactionReceipt } from 'viem'
import { type ChainLookUp, type ChainReader, ChainUnavailableError } from './chain-reader.ts'

export type BscReaderOptions = {
  /** May hold a key (providers put it in the path): never logged, never in a message. */
  rpcUrl: string
  /** The chain the endpoint must serve: 56 for BSC mainnet. */
  chainId: number
  timeoutMs: number
}

/** viem and its dependencies were 459 of a start's 2,073 modules: imported at the first look-up instead. */
let viemModule: Promise<typeof import('viem')> | undefined
const loadViem = () => {
  viemModule ??= import('viem')
  return viemModule
}

export function createBscReader(options: BscReaderOptions): ChainReader {
  // One try per call: the payout's own retry is the operator's, or the next round of the background check.
  const makeClient = async () => {
    const viem = await loadViem()
    const client = viem.createPublicClient({
      transport: viem.http(options.rpcUrl, { timeout: options.timeoutMs, retryCount: 0 }),
    })
    return { viem, client }
  }
  let made: ReturnType<typeof makeClient> | undefined
  const unavailable = (what: string, error: unknown) => {
    // viem's messages carry the request's URL, which may hold a key: only the kind of failure goes on.
    const kind = error instanceof Error ? error.name : 'error'
    return new ChainUnavailableError('bsc', `the BSC JSON-RPC endpoint failed on ${what} (${kind})`)
  }

  async function ask<T>(what: string, request: () => Promise<T>): Promise<T> {
    const { TransactionNotFoundError, TransactionReceiptNotFoundError } = await loadViem()
    try {
      return await request()
    } catch (error) {
      if (error instanceof TransactionNotFoundError || error instanceof TransactionReceiptNotFoundError)
        throw error
      throw unavailable(what, error)
    }
  }

  return {
    chain: 'bsc',
    async lookUp(txid: string): Promise<ChainLookUp> {
      made ??= makeClient()
      const { viem, client } = await made
      const { TransactionNotFoundError, TransactionReceiptNotFoundError, erc20Abi, getAddress } = viem
      const hash = txid.toLowerCase() as `0x${string}`
      const chainId = await ask('eth_chainId', () => client.getChainId())
      if (chainId !== options.chainId) {
        throw new ChainUnavailableError(
          'bsc',
          `the BSC JSON-RPC endpoint serves chain ${chainId}, not ${options.chainId}`,
        )
      }
      // A node (or something between) that answers about another transaction must not vouch for this one.
      const sameHash = (answered: string) => {
        if (answered.toLowerCase() !== hash)
          throw new ChainUnavailableError(
            'bsc',
            `the BSC JSON-RPC endpoint answered about transaction ${answered}, not ${hash}`,
          )
      }
      try {
        sameHash((await ask('eth_getTransactionByHash', () => client.getTransaction({ hash }))).hash)
      } catch (error) {
        if (error instanceof TransactionNotFoundError) return { found: false }
        throw error
      }
      const headBlock = await ask('eth_blockNumber', () => client.getBlockNumber({ cacheTime: 0 }))
      let receipt: TransactionReceipt
      try {
        receipt = await ask('eth_getTransactionReceipt', () => client.getTransactionReceipt({ hash }))
      } catch (error) {
        // Known but in no block yet.
        if (error instanceof TransactionReceiptNotFoundError)
          return {
            found: true,
            outcome: 'pending',
            succeeded: true,
            blockNumber: null,
            headBlock,
            transfers: [],
          }
        throw error
      }
      sameHash(receipt.transactionHash)
      const transfers = viem
        .parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })
        .map((log) => ({
          kind: 'token' as const,
          token: getAddress(log.address),
          type: 'Transfer',
          from: getAddress(log.args.from),
          to: getAddress(log.args.to),
          amount: log.args.value,
        }))
      return {
        found: true,
        outcome: receipt.status,
        succeeded: receipt.status === 'success',
        blockNumber: receipt.blockNumber,
        headBlock,
        transfers,
      }
    },
  }
}
