/**
 * TRON through the full node's HTTP API as TronGrid serves it (TRON_API_ROOT, the key in `TRON-PRO-API-KEY`):
 * POST /wallet/gettransactionbyid, /wallet/gettransactioninfobyid and /wallet/getnowblock, plain fetch and zod.
 * Addresses come back in hex (`41...`) and leave here in base58check, the spelling users and operators type.
 */
import { tronAddressFromHex } from '@app/contract'
import * as z from 'zod/mini'
import {
  type ChainLookUp,
  type ChainReader,
  ChainUnavailableError,
  type ObservedTransfer,
} from './chain-reader.ts'

export type TronReaderOptions = {
  apiRoot: string
  /** TronGrid's API key; sent as a header, never logged. */
  apiKey: string | undefined
  timeoutMs: number
}

const ContractSchema = z.object({
  type: z.string(),
  parameter: z.object({ value: z.record(z.string(), z.unknown()) }),
})
/** gettransactionbyid: `{}` for a txid the node does not know. */
const TransactionSchema = z.object({
  txID: z.optional(z.string()),
  ret: z.optional(z.array(z.object({ contractRet: z.optional(z.string()) }))),
  raw_data: z.optional(z.object({ contract: z.array(ContractSchema) })),
})
/** gettransactioninfobyid: `{}` until the transaction is in a block. */
const InfoSchema = z.object({
  id: z.optional(z.string()),
  blockNumber: z.optional(z.number()),
  result: z.optional(z.string()),
  receipt: z.optional(z.object({ result: z.optional(z.string()) })),
})
const NowBlockSchema = z.object({
  block_header: z.object({ raw_data: z.object({ number: z.number().check(z.int(), z.nonnegative()) }) }),
})
const TransferValueSchema = z.object({
  amount: z.number().check(z.int(), z.nonnegative()),
  owner_address: z.string(),
  to_address: z.string(),
})
const TriggerValueSchema = z.object({ owner_address: z.string(), contract_address: z.string() })

const address = (hex: string) => tronAddressFromHex(hex) ?? hex

/** What each contract of the transaction moved; a call of a token contract names the token, not an amount. */
function transfersOf(contracts: z.infer<typeof ContractSchema>[]): ObservedTransfer[] {
  return contracts.map((contract) => {
    const transfer = TransferValueSchema.safeParse(contract.parameter.value)
    if (contract.type === 'TransferContract' && transfer.success) {
      const { amount, owner_address: from, to_address: to } = transfer.data
      return {
        kind: 'native',
        token: null,
        type: contract.type,
        from: address(from),
        to: address(to),
        amount: BigInt(amount),
      }
    }
    const trigger = TriggerValueSchema.safeParse(contract.parameter.value)
    return {
      kind: 'token',
      token: trigger.success ? address(trigger.data.contract_address) : null,
      type: contract.type,
      from: trigger.success ? address(trigger.data.owner_address) : '',
      to: '',
      amount: 0n,
    }
  })
}

export function createTronReader(options: TronReaderOptions): ChainReader {
  const root = options.apiRoot.replace(/\/+$/, '')
  const unavailable = (message: string) => new ChainUnavailableError('tron', message)

  async function post<T>(path: string, body: unknown, schema: z.ZodMiniType<T>): Promise<T> {
    let response: Response
    try {
      response = await fetch(`${root}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(options.apiKey === undefined ? {} : { 'TRON-PRO-API-KEY': options.apiKey }),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      })
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
      throw unavailable(
        timedOut
          ? `the TRON API did not answer ${path} within ${options.timeoutMs} ms`
          : `the TRON API could not be reached (${path})`,
      )
    }
    if (!response.ok) {
      await response.body?.cancel()
      throw unavailable(`the TRON API answered ${path} with HTTP ${response.status}`)
    }
    let json: unknown
    try {
      json = await response.json()
    } catch {
      throw unavailable(`the TRON API answered ${path} with something that is not JSON`)
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) throw unavailable(`the TRON API answered ${path} in an unexpected shape`)
    return parsed.data
  }

  return {
    chain: 'tron',
    async lookUp(txid: string): Promise<ChainLookUp> {
      const value = txid.toLowerCase()
      const transaction = await post('/wallet/gettransactionbyid', { value }, TransactionSchema)
      if (transaction.txID === undefined || transaction.raw_data === undefined) return { found: false }
      const [info, now] = await Promise.all([
        post('/wallet/gettransactioninfobyid', { value }, InfoSchema),
        post('/wallet/getnowblock', {}, NowBlockSchema),
      ])
      // A node (or something between) that answers about another transaction must not vouch for this one.
      for (const id of [transaction.txID, info.id]) {
        if (id !== undefined && id.toLowerCase() !== value)
          throw unavailable(`the TRON API answered about transaction ${id}, not ${value}`)
      }
      const outcome = transaction.ret?.[0]?.contractRet ?? 'UNKNOWN'
      const failedInBlock = info.result === 'FAILED'
      return {
        found: true,
        outcome: failedInBlock ? (info.receipt?.result ?? 'FAILED') : outcome,
        succeeded: outcome === 'SUCCESS' && !failedInBlock,
        blockNumber: info.blockNumber === undefined ? null : BigInt(info.blockNumber),
        headBlock: BigInt(now.block_header.raw_data.number),
        transfers: transfersOf(transaction.raw_data.contract),
      }
    },
  }
}
