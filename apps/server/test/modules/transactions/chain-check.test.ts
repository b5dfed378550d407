/** The chain check's judgement (modules/transactions/chain-check.ts): each refusal names its check, expected and found. */
import { describe, expect, it } from 'vitest'
import { type ChainExpectation, judgeOnChain } from '#modules/transactions/chain-check.ts'
import type { ChainLookUp, ObservedTransfer } from '#providers/chain/chain-reader.ts'

const USDT = '0x55d398326f99059fF775485246999027B3197955'
const trxExpect: ChainExpectation = {
  currency: 'trx',
  txid: 'ab'.repeat(32),
  receiver: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  sender: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  wallets: ['TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
  net: 35_000_000n,
  usdtContract: USDT,
  required: 19,
}
const usdtExpect: ChainExpectation = {
  ...trxExpect,
  currency: 'usdt',
  receiver: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  sender: '0x8894e0a0c962cb723c1976a4421c95949be2d4e3',
  wallets: ['0x8894E0a0c962CB723c1976a4421c95949bE2D4E3'],
  net: 9_700_000n,
  required: 15,
}
const trxTransfer: ObservedTransfer = {
  kind: 'native',
  token: null,
  type: 'TransferContract',
  from: trxExpect.sender,
  to: trxExpect.receiver,
  amount: 35_000_000n,
}
const usdtTransfer: ObservedTransfer = {
  kind: 'token',
  token: USDT,
  type: 'Transfer',
  from: '0x8894E0a0c962CB723c1976a4421c95949bE2D4E3',
  to: usdtExpect.receiver.toLowerCase(),
  amount: 9_700_000n * 10n ** 12n,
}
const seen = (
  transfers: ObservedTransfer[],
  over: Partial<Extract<ChainLookUp, { found: true }>> = {},
): ChainLookUp => ({
  found: true,
  outcome: 'SUCCESS',
  succeeded: true,
  blockNumber: 100n,
  headBlock: 130n,
  transfers,
  ...over,
})

describe('judgeOnChain', () => {
  it('verifies the exact transfer with enough confirmations; waits with fewer', () => {
    expect(judgeOnChain(seen([trxTransfer]), trxExpect)).toEqual({
      kind: 'verified',
      confirmations: 31,
      required: 19,
    })
    expect(judgeOnChain(seen([trxTransfer], { blockNumber: 120n }), trxExpect)).toEqual({
      kind: 'waiting',
      confirmations: 11,
      required: 19,
    })
    expect(judgeOnChain(seen([trxTransfer], { blockNumber: null }), trxExpect)).toMatchObject({
      kind: 'waiting',
      confirmations: 0,
    })
    // BSC addresses compare without case; the amount has 18 decimals.
    expect(judgeOnChain(seen([usdtTransfer]), usdtExpect)).toMatchObject({ kind: 'verified' })
  })

  it('refuses in words: which check, expected and found', () => {
    expect(judgeOnChain({ found: false }, trxExpect)).toMatchObject({ check: 'exists', found: 'none' })
    expect(
      judgeOnChain(seen([trxTransfer], { succeeded: false, outcome: 'REVERT' }), trxExpect),
    ).toMatchObject({
      check: 'succeeded',
      reason: 'The transaction did not succeed: expected SUCCESS, found REVERT',
    })
    expect(
      judgeOnChain(seen([{ ...trxTransfer, to: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV' }]), trxExpect),
    ).toMatchObject({
      check: 'recipient',
      reason: `Paid to another address: expected ${trxExpect.receiver}, found TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV`,
    })
    expect(judgeOnChain(seen([{ ...trxTransfer, amount: 34_990_000n }]), trxExpect)).toMatchObject({
      check: 'amount',
      reason: 'Another amount: expected 35 TRX (35000000 sun), found 34.99 TRX (34990000 sun)',
    })
    expect(
      judgeOnChain(seen([{ ...trxTransfer, from: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV' }]), trxExpect),
    ).toMatchObject({
      check: 'sender',
    })
    // The recorded sender itself must be one of our wallets, whatever the chain shows.
    const fromUsersOwn = { ...trxExpect, sender: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV' }
    expect(judgeOnChain(seen([{ ...trxTransfer, from: fromUsersOwn.sender }]), fromUsersOwn)).toMatchObject({
      check: 'sender',
      reason: `Not sent from our payout wallet: expected ${trxExpect.sender}, found TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV`,
    })
    expect(
      judgeOnChain(
        seen([{ ...trxTransfer, kind: 'token', token: 'TR7N', type: 'TriggerSmartContract' }]),
        trxExpect,
      ),
    ).toMatchObject({ check: 'transfer', found: 'TriggerSmartContract of token TR7N' })
    expect(
      judgeOnChain(
        seen([{ ...usdtTransfer, token: '0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56' }]),
        usdtExpect,
      ),
    ).toMatchObject({
      check: 'token',
      expected: `a Transfer of ${USDT}`,
      found: 'Transfer of token 0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56',
    })
    expect(
      judgeOnChain(seen([{ ...usdtTransfer, amount: 9_690_000n * 10n ** 12n }]), usdtExpect),
    ).toMatchObject({
      reason: 'Another amount: expected 9.7 USDT, found 9.69 USDT',
    })
  })
})
