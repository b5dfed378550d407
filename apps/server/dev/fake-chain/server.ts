/**
 * Local fakes of the two chain endpoints the payout check reads (docs/transactions.md, 'Chain check'): a TronGrid
 * (the TRON full node's HTTP API: POST /wallet/gettransactionbyid, /wallet/gettransactioninfobyid,
 * /wallet/getnowblock) and a BSC JSON-RPC node (eth_chainId, eth_getTransactionByHash, eth_getTransactionReceipt,
 * eth_blockNumber). Real HTTP, answers in the shapes the real endpoints answer (recorded from TronGrid and a BSC
 * node, values made up), for the transactions a test puts in, and the faults a real one shows: an answer that
 * never comes in time, and garbage. Tests, the e2e suite and a developer point TRON_API_ROOT and BSC_RPC_URL here;
 * production never loads this file.
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tronAddressToHex } from '@app/contract'

/** A transaction the fake knows: who sent what to whom, how it ended, and the block that holds it. */
export type FakeChainTransaction = {
  txid: string
  from: string
  to: string
  /** Sun for TRX; the token's smallest unit (18 decimals for USDT BEP20). */
  amount: bigint
  /** A token contract: TRON plays a TriggerSmartContract of it, BSC a Transfer event of it. Unset on TRON: TRX. */
  token?: string | undefined
  /** Default success. */
  outcome?: 'success' | 'reverted'
  /** The block that holds it; null: known to the node, in no block yet. Default: the head block at `put`. */
  block?: bigint | null
  /** A node that answers a look-up of this other txid with this transaction (a broken or lying endpoint). */
  answersFor?: string
}

/** A fault the next calls meet: no answer within `ms`, or an answer that is not the protocol's. */
export type FakeChainFault =
  | { kind: 'timeout'; ms: number }
  | { kind: 'garbage' }
  | { kind: 'http_error'; status: number }

export type FakeChain = {
  /** What to configure: TRON_API_ROOT or BSC_RPC_URL. */
  readonly url: string
  /** Every call, in order: a path (TRON) or a JSON-RPC method (BSC). */
  readonly calls: string[]
  head: bigint
  put(transaction: FakeChainTransaction): void
  /** The next `times` calls (default: every call until cleared) meet the fault. */
  fault(fault: FakeChainFault, times?: number): void
  clearFaults(): void
  close(): Promise<void>
}

/** The USDT BEP20 contract on BSC mainnet (the server's default BSC_USDT_CONTRACT). */
export const BSC_USDT = '0x55d398326f99059fF775485246999027B3197955'
/** BUSD on BSC: a token that is not USDT, for the 'wrong token contract' case. */
export const BSC_BUSD = '0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56'
/** USDT TRC20 on TRON: a TRX payout made in a token instead. */
export const TRON_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const hex = (n: bigint | number) => `0x${n.toString(16)}`
const word = (value: string) => value.replace(/^0x/, '').toLowerCase().padStart(64, '0')
const fakeHash = (seed: string) => createHash('sha256').update(seed).digest('hex')

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

type Handler = (path: string, body: string) => { name: string; answer: unknown }

/** One HTTP server; faults are played before the handler's answer. */
async function serve(handle: Handler, head: bigint, options: { host?: string; port?: number }) {
  const calls: string[] = []
  const transactions = new Map<string, FakeChainTransaction>()
  let faults: { fault: FakeChainFault; left: number }[] = []
  const timers = new Set<NodeJS.Timeout>()
  const send = (response: ServerResponse, status: number, type: string, text: string) => {
    if (response.destroyed) return
    response.writeHead(status, { 'content-type': type }).end(text)
  }
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request)
      const { name, answer } = handle(request.url ?? '/', body)
      calls.push(name)
      const rule = faults.find((f) => f.left > 0)
      if (rule !== undefined) {
        rule.left -= 1
        faults = faults.filter((f) => f.left > 0)
        const { fault } = rule
        if (fault.kind === 'garbage')
          return send(response, 200, 'text/html', '<html><body><h1>502 Bad Gateway</h1></body></html>')
        if (fault.kind === 'http_error') return send(response, fault.status, 'text/plain', 'upstream error')
        const timer = setTimeout(() => {
          timers.delete(timer)
          send(response, 200, 'application/json', JSON.stringify(answer))
        }, fault.ms)
        timers.add(timer)
        return
      }
      send(response, 200, 'application/json', JSON.stringify(answer))
    })().catch(() => send(response, 500, 'text/plain', 'fake failed'))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const chain: FakeChain = {
    url: `http://127.0.0.1:${port}`,
    calls,
    head,
    put(transaction) {
      transactions.set((transaction.answersFor ?? transaction.txid).toLowerCase(), {
        ...transaction,
        block: transaction.block === undefined ? chain.head : transaction.block,
      })
    },
    fault(fault, times = Number.POSITIVE_INFINITY) {
      faults.push({ fault, left: times })
    },
    clearFaults() {
      faults = []
    },
    async close() {
      for (const timer of timers) clearTimeout(timer)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return { chain, transactions }
}

/** A fake TronGrid. */
export async function startFakeTronGrid(options: { host?: string; port?: number } = {}): Promise<FakeChain> {
  let known: Map<string, FakeChainTransaction> = new Map()
  let self: FakeChain | undefined
  const tronHex = (address: string) => tronAddressToHex(address) ?? address
  const transactionOf = (t: FakeChainTransaction) => {
    const contract =
      t.token === undefined
        ? {
            parameter: {
              value: { amount: Number(t.amount), owner_address: tronHex(t.from), to_address: tronHex(t.to) },
              type_url: 'type.googleapis.com/protocol.TransferContract',
            },
            type: 'TransferContract',
          }
        : {
            parameter: {
              value: {
                data: `a9059cbb${word(tronHex(t.to).slice(2))}${word(t.amount.toString(16))}`,
                owner_address: tronHex(t.from),
                contract_address: tronHex(t.token),
              },
              type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
            },
            type: 'TriggerSmartContract',
          }
    return {
      ret: [{ contractRet: t.outcome === 'reverted' ? 'REVERT' : 'SUCCESS' }],
      signature: [fakeHash(`sig${t.txid}`).repeat(2).slice(0, 130)],
      txID: t.txid.toLowerCase(),
      raw_data: {
        contract: [contract],
        ref_block_bytes: '6f1c',
        ref_block_hash: fakeHash(`ref${t.txid}`).slice(0, 16),
        expiration: 1764240000000,
        timestamp: 1764239940000,
      },
      raw_data_hex: `0a02${fakeHash(`raw${t.txid}`)}`,
    }
  }
  const infoOf = (t: FakeChainTransaction) => {
    if (t.block === null || t.block === undefined) return {}
    const base = {
      id: t.txid.toLowerCase(),
      blockNumber: Number(t.block),
      blockTimeStamp: 1764239943000,
      contractResult: [''],
    }
    return t.outcome === 'reverted'
      ? {
          ...base,
          fee: 345000,
          receipt: { energy_usage_total: 13045, result: 'REVERT' },
          result: 'FAILED',
          resMessage: '',
        }
      : { ...base, receipt: { net_usage: 268 } }
  }
  const started = await serve(
    (path, body) => {
      const value = String((JSON.parse(body || '{}') as { value?: unknown }).value ?? '').toLowerCase()
      const t = known.get(value)
      if (path.startsWith('/wallet/gettransactionbyid'))
        return { name: path, answer: t ? transactionOf(t) : {} }
      if (path.startsWith('/wallet/gettransactioninfobyid')) return { name: path, answer: t ? infoOf(t) : {} }
      if (path.startsWith('/wallet/getnowblock')) {
        const number = Number(self?.head ?? 0n)
        return {
          name: path,
          answer: {
            blockID: `${number.toString(16).padStart(16, '0')}${fakeHash(`block${number}`).slice(16)}`,
            block_header: {
              raw_data: {
                number,
                txTrieRoot: fakeHash(`trie${number}`),
                witness_address: '41d376d829440505ea13c9d1c455317d51b62e4ab6',
                parentHash: fakeHash(`block${number - 1}`),
                version: 31,
                timestamp: 1764239943000,
              },
              witness_signature: fakeHash(`witness${number}`).repeat(2),
            },
          },
        }
      }
      return { name: path, answer: { Error: `no such method ${path}` } }
    },
    70_000_000n,
    options,
  )
  known = started.transactions
  self = started.chain
  return started.chain
}

/** A fake BSC JSON-RPC node (chain 56 unless told). */
export async function startFakeBscNode(
  options: { host?: string; port?: number; chainId?: number } = {},
): Promise<FakeChain> {
  let known: Map<string, FakeChainTransaction> = new Map()
  let self: FakeChain | undefined
  const blockHash = (block: bigint) => `0x${fakeHash(`bsc-block${block}`)}`
  const transactionOf = (t: FakeChainTransaction) => {
    const inBlock = t.block !== null && t.block !== undefined
    return {
      blockHash: inBlock ? blockHash(t.block as bigint) : null,
      blockNumber: inBlock ? hex(t.block as bigint) : null,
      from: t.from.toLowerCase(),
      gas: '0x186a0',
      gasPrice: '0x3b9aca00',
      hash: t.txid.toLowerCase(),
      input: `0xa9059cbb${word(t.to)}${word(t.amount.toString(16))}`,
      nonce: '0x2a',
      to: (t.token ?? BSC_USDT).toLowerCase(),
      transactionIndex: inBlock ? '0x3' : null,
      value: '0x0',
      type: '0x0',
      chainId: hex(options.chainId ?? 56),
      v: '0x94',
      r: `0x${fakeHash(`r${t.txid}`)}`,
      s: `0x${fakeHash(`s${t.txid}`).replace(/^[89a-f]/, '1')}`,
    }
  }
  const receiptOf = (t: FakeChainTransaction) => {
    if (t.block === null || t.block === undefined) return null
    const token = (t.token ?? BSC_USDT).toLowerCase()
    const common = {
      blockHash: blockHash(t.block),
      blockNumber: hex(t.block),
      transactionHash: t.txid.toLowerCase(),
      transactionIndex: '0x3',
    }
    const reverted = t.outcome === 'reverted'
    return {
      ...common,
      contractAddress: null,
      cumulativeGasUsed: '0x2f1b4',
      effectiveGasPrice: '0x3b9aca00',
      from: t.from.toLowerCase(),
      gasUsed: reverted ? '0x5a3c' : '0xd0b6',
      logs: reverted
        ? []
        : [
            {
              ...common,
              address: token,
              topics: [TRANSFER_TOPIC, `0x${word(t.from)}`, `0x${word(t.to)}`],
              data: `0x${word(t.amount.toString(16))}`,
              logIndex: '0x7',
              removed: false,
            },
          ],
      logsBloom: `0x${'0'.repeat(512)}`,
      status: reverted ? '0x0' : '0x1',
      to: token,
      type: '0x0',
    }
  }
  const started = await serve(
    (_path, body) => {
      const request = JSON.parse(body || '{}') as { id?: unknown; method?: string; params?: unknown[] }
      const method = request.method ?? ''
      const reply = (result: unknown) => ({
        name: method,
        answer: { jsonrpc: '2.0', id: request.id ?? null, result },
      })
      const t = known.get(String(request.params?.[0] ?? '').toLowerCase())
      switch (method) {
        case 'eth_chainId':
          return reply(hex(options.chainId ?? 56))
        case 'eth_blockNumber':
          return reply(hex(self?.head ?? 0n))
        case 'eth_getTransactionByHash':
          return reply(t ? transactionOf(t) : null)
        case 'eth_getTransactionReceipt':
          return reply(t ? receiptOf(t) : null)
        default:
          return {
            name: method,
            answer: {
              jsonrpc: '2.0',
              id: request.id ?? null,
              error: { code: -32601, message: `the method ${method} does not exist/is not available` },
            },
          }
      }
    },
    45_000_000n,
    options,
  )
  known = started.transactions
  self = started.chain
  return started.chain
}

/** The cases every test of the chain check plays, one each (docs/transactions.md lists them). */
export const CHAIN_CASES = [
  'success',
  'wrong recipient',
  'wrong amount',
  'wrong token contract',
  'reverted',
  'unknown txid',
  'too few confirmations',
  'timeout',
  'garbage',
] as const
export type ChainCase = (typeof CHAIN_CASES)[number]

/** A payout as the chain must show it: the txid and sender recorded, the user's address, the net (6 decimals). */
export type ExpectedTransfer = {
  currency: 'trx' | 'usdt'
  txid: string
  sender: string
  receiver: string
  net: bigint
}

/** Another address of each chain, valid by its checksum, for the wrong recipient. */
export const OTHER_ADDRESS = {
  trx: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  usdt: '0x8894E0a0c962CB723c1976a4421c95949bE2D4E3',
}

/**
 * Puts the transaction of `transfer` in `fake` as the case has it (with `confirmations` needed for success).
 * Timeout and garbage are faults of every call until cleared: the transaction itself is right.
 */
export function playChainCase(
  fake: FakeChain,
  chainCase: ChainCase,
  transfer: ExpectedTransfer,
  options: { confirmations: number; timeoutMs?: number },
): void {
  const amount = transfer.currency === 'trx' ? transfer.net : transfer.net * 10n ** 12n
  const token = transfer.currency === 'usdt' ? BSC_USDT : undefined
  const right: FakeChainTransaction = {
    txid: transfer.txid,
    from: transfer.sender,
    to: transfer.receiver,
    amount,
    token,
  }
  const settled = fake.head - BigInt(options.confirmations) + 1n
  const cases: Record<ChainCase, [FakeChainTransaction | undefined, FakeChainFault | undefined]> = {
    success: [{ ...right, block: settled }, undefined],
    'wrong recipient': [{ ...right, to: OTHER_ADDRESS[transfer.currency], block: settled }, undefined],
    'wrong amount': [
      { ...right, amount: amount - (transfer.currency === 'trx' ? 10_000n : 10n ** 16n), block: settled },
      undefined,
    ],
    'wrong token contract': [
      { ...right, token: transfer.currency === 'trx' ? TRON_USDT : BSC_BUSD, block: settled },
      undefined,
    ],
    reverted: [{ ...right, outcome: 'reverted', block: settled }, undefined],
    'unknown txid': [undefined, undefined],
    'too few confirmations': [{ ...right, block: fake.head }, undefined],
    timeout: [
      { ...right, block: settled },
      { kind: 'timeout', ms: (options.timeoutMs ?? 1000) + 2000 },
    ],
    garbage: [{ ...right, block: settled }, { kind: 'garbage' }],
  }
  const [transaction, fault] = cases[chainCase]
  if (transaction !== undefined) fake.put(transaction)
  if (fault !== undefined) fake.fault(fault)
}
