/**
 * The chain readers (src/providers/chain) against the local fakes of TronGrid and a BSC JSON-RPC node
 * (dev/fake-chain): what each answer shape becomes, and that an endpoint down, slow or answering garbage is a
 * ChainUnavailableError whose message names neither the URL nor the key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BSC_BUSD,
  BSC_USDT,
  type FakeChain,
  startFakeBscNode,
  startFakeTronGrid,
  TRON_USDT,
} from '#dev/fake-chain/server.ts'
import { createBscReader } from '#providers/chain/bsc-reader.ts'
import { ChainUnavailableError } from '#providers/chain/chain-reader.ts'
import { createTronReader } from '#providers/chain/tron-reader.ts'
import { VALID } from '../helpers/payments.ts'

const SENDER_TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'
const SENDER_BSC = '0x8894E0a0c962CB723c1976a4421c95949bE2D4E3'
const txid = (n: number) => n.toString(16).padStart(64, '0')
const KEY = 'tron-key-never-seen-0123'

describe('TRON reader (TronGrid HTTP API)', () => {
  let fake: FakeChain
  beforeAll(async () => {
    fake = await startFakeTronGrid()
  })
  afterAll(() => fake.close())
  // Room for a loaded machine; the timeout case has its own short limit.
  const reader = (timeoutMs = 5000) => createTronReader({ apiRoot: `${fake.url}/`, apiKey: KEY, timeoutMs })

  it('reads a TRX TransferContract in base58 addresses, its block and the head', async () => {
    fake.put({ txid: txid(1), from: SENDER_TRON, to: VALID.tron, amount: 12_340_000n, block: fake.head - 5n })
    expect(await reader().lookUp(txid(1).toUpperCase())).toEqual({
      found: true,
      outcome: 'SUCCESS',
      succeeded: true,
      blockNumber: fake.head - 5n,
      headBlock: fake.head,
      transfers: [
        {
          kind: 'native',
          token: null,
          type: 'TransferContract',
          from: SENDER_TRON,
          to: VALID.tron,
          amount: 12_340_000n,
        },
      ],
    })
    expect(fake.calls.slice(-3).sort()).toEqual([
      '/wallet/getnowblock',
      '/wallet/gettransactionbyid',
      '/wallet/gettransactioninfobyid',
    ])
  })

  it('an unknown txid is not found; one in no block yet has no block', async () => {
    expect(await reader().lookUp(txid(2))).toEqual({ found: false })
    fake.put({ txid: txid(3), from: SENDER_TRON, to: VALID.tron, amount: 1n, block: null })
    expect(await reader().lookUp(txid(3))).toMatchObject({ found: true, blockNumber: null })
  })

  it('a reverted transaction and a token call read as such', async () => {
    fake.put({ txid: txid(4), from: SENDER_TRON, to: VALID.tron, amount: 1n, outcome: 'reverted' })
    expect(await reader().lookUp(txid(4))).toMatchObject({ succeeded: false, outcome: 'REVERT' })
    fake.put({ txid: txid(5), from: SENDER_TRON, to: VALID.tron, amount: 5n, token: TRON_USDT })
    expect(await reader().lookUp(txid(5))).toMatchObject({
      succeeded: true,
      transfers: [{ kind: 'token', token: TRON_USDT, type: 'TriggerSmartContract', from: SENDER_TRON }],
    })
  })

  it('timeout, garbage and an HTTP error are the endpoint unavailable, in words without URL or key', async () => {
    fake.put({ txid: txid(6), from: SENDER_TRON, to: VALID.tron, amount: 1n })
    for (const [fault, words] of [
      [{ kind: 'timeout', ms: 3000 }, 'did not answer /wallet/gettransactionbyid within 800 ms'],
      [{ kind: 'garbage' }, 'something that is not JSON'],
      [{ kind: 'http_error', status: 503 }, 'HTTP 503'],
    ] as const) {
      fake.clearFaults()
      fake.fault(fault)
      const error = await reader(800)
        .lookUp(txid(6))
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ChainUnavailableError)
      expect((error as Error).message).toContain(words)
      expect((error as Error).message).not.toContain(fake.url)
      expect((error as Error).message).not.toContain(KEY)
    }
    fake.clearFaults()
  })

  it('an answer about another transaction than the one asked for is the endpoint unavailable', async () => {
    fake.put({ txid: txid(7), answersFor: txid(8), from: SENDER_TRON, to: VALID.tron, amount: 1n })
    const error = await reader()
      .lookUp(txid(8))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainUnavailableError)
    expect((error as Error).message).toContain(`answered about transaction ${txid(7)}`)
  })
})

describe('BSC reader (JSON-RPC through viem)', () => {
  let fake: FakeChain
  let testnet: FakeChain
  beforeAll(async () => {
    fake = await startFakeBscNode()
    testnet = await startFakeBscNode({ chainId: 97 })
  })
  afterAll(async () => {
    await fake.close()
    await testnet.close()
  })
  // A key in the URL's path, as hosted nodes take it: it must never reach a message.
  // Room for a loaded machine; the failure cases have their own short limit.
  const reader = (node = fake, timeoutMs = 5000) =>
    createBscReader({ rpcUrl: `${node.url}/${KEY}`, chainId: 56, timeoutMs })
  const hash = (n: number) => `0x${txid(n)}`

  it('decodes the receipt Transfer events of a USDT transfer, its block and the head', async () => {
    const amount = 10_500_000_000_000_000_000n
    fake.put({
      txid: hash(1),
      from: SENDER_BSC,
      to: VALID.bsc,
      amount,
      token: BSC_USDT,
      block: fake.head - 2n,
    })
    expect(await reader().lookUp(hash(1))).toEqual({
      found: true,
      outcome: 'success',
      succeeded: true,
      blockNumber: fake.head - 2n,
      headBlock: fake.head,
      transfers: [
        { kind: 'token', token: BSC_USDT, type: 'Transfer', from: SENDER_BSC, to: VALID.bsc, amount },
      ],
    })
    expect(fake.calls).toEqual(
      expect.arrayContaining([
        'eth_chainId',
        'eth_getTransactionByHash',
        'eth_getTransactionReceipt',
        'eth_blockNumber',
      ]),
    )
  })

  it('unknown, pending, reverted and another token read as such', async () => {
    expect(await reader().lookUp(hash(2))).toEqual({ found: false })
    fake.put({ txid: hash(3), from: SENDER_BSC, to: VALID.bsc, amount: 1n, block: null })
    expect(await reader().lookUp(hash(3))).toMatchObject({ found: true, blockNumber: null, transfers: [] })
    fake.put({ txid: hash(4), from: SENDER_BSC, to: VALID.bsc, amount: 1n, outcome: 'reverted' })
    expect(await reader().lookUp(hash(4))).toMatchObject({
      succeeded: false,
      outcome: 'reverted',
      transfers: [],
    })
    fake.put({ txid: hash(5), from: SENDER_BSC, to: VALID.bsc, amount: 7n, token: BSC_BUSD })
    expect(await reader().lookUp(hash(5))).toMatchObject({ transfers: [{ token: BSC_BUSD, amount: 7n }] })
  })

  it('a node of another chain, a timeout and garbage are the endpoint unavailable, without URL or key', async () => {
    fake.put({ txid: hash(6), from: SENDER_BSC, to: VALID.bsc, amount: 1n })
    const failures: [FakeChain, (() => void) | undefined, string][] = [
      [testnet, undefined, 'serves chain 97, not 56'],
      [fake, () => fake.fault({ kind: 'timeout', ms: 3000 }), 'failed on eth_chainId'],
      [fake, () => fake.fault({ kind: 'garbage' }), 'failed on eth_chainId'],
    ]
    for (const [node, fault, words] of failures) {
      fake.clearFaults()
      fault?.()
      const error = await reader(node, 800)
        .lookUp(hash(6))
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ChainUnavailableError)
      expect((error as Error).message).toContain(words)
      expect((error as Error).message).not.toContain(node.url)
      expect((error as Error).message).not.toContain(KEY)
    }
    fake.clearFaults()
  })

  it('an answer about another transaction than the one asked for is the endpoint unavailable', async () => {
    fake.put({
      txid: hash(7),
      answersFor: hash(8),
      from: SENDER_BSC,
      to: VALID.bsc,
      amount: 1n,
      token: BSC_USDT,
    })
    const error = await reader()
      .lookUp(hash(8))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainUnavailableError)
    expect((error as Error).message).toContain(`answered about transaction ${hash(7)}`)
  })
})
