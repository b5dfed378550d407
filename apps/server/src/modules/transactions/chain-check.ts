/**
 * The chain check of a TRX or USDT BEP20 payout (docs/transactions.md, 'Chain check'): what the chain says of the
 * recorded transaction, judged against the payout. Pure: the payout service looks the transaction up, this decides.
 * A refusal names the check that failed with the expected and the found value, in words operators read.
 */

import { formatUsdt } from '#lib/money.ts'
import type { ChainLookUp, ObservedTransfer } from '#providers/chain/chain-reader.ts'
import { confirmationsOf } from '#providers/chain/chain-reader.ts'

export type ChainCheckName =
  | 'exists'
  | 'succeeded'
  | 'transfer'
  | 'token'
  | 'recipient'
  | 'amount'
  | 'sender'
  | 'txid'

export type ChainExpectation = {
  currency: 'trx' | 'usdt'
  txid: string
  receiver: string
  sender: string
  /** Our payout wallets (the chain's configuration): the sender must be one of them. */
  wallets: string[]
  /** The payout's net, 6 decimals (sun for TRX). */
  net: bigint
  /** The USDT BEP20 contract (usdt only). */
  usdtContract: string
  /** Confirmations the payout needs before it counts as paid. */
  required: number
}

export type ChainVerdict =
  | { kind: 'verified'; confirmations: number; required: number }
  | { kind: 'waiting'; confirmations: number; required: number }
  | { kind: 'refused'; check: ChainCheckName; expected: string; found: string; reason: string }

/** USDT BEP20 has 18 decimals; the payout's net has 6. */
const BEP20_SCALE = 10n ** 12n

const refused = (check: ChainCheckName, what: string, expected: string, found: string): ChainVerdict => ({
  kind: 'refused',
  check,
  expected,
  found,
  reason: `${what}: expected ${expected}, found ${found}`,
})

const trx = (sun: bigint) => `${formatUsdt(sun)} TRX (${sun} sun)`
function usdt(units: bigint): string {
  const whole = units / 10n ** 18n
  const fraction = (units % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return `${fraction === '' ? whole : `${whole}.${fraction}`} USDT`
}

const sameAddress = (currency: 'trx' | 'usdt', a: string, b: string) =>
  currency === 'trx' ? a === b : a.toLowerCase() === b.toLowerCase()

function describeOther(transfers: ObservedTransfer[]): string {
  if (transfers.length === 0) return 'no transfer'
  return transfers.map((t) => (t.token === null ? t.type : `${t.type} of token ${t.token}`)).join(', ')
}

/** The chain check of one payout against what the chain says now. */
export function judgeOnChain(look: ChainLookUp, expect: ChainExpectation): ChainVerdict {
  const { currency } = expect
  const chain = currency === 'trx' ? 'TRON' : 'BSC'
  // A transfer from any other wallet (the user's own, say) is not our payout, whatever the chain shows.
  if (!expect.wallets.some((wallet) => sameAddress(currency, wallet, expect.sender)))
    return refused('sender', 'Not sent from our payout wallet', expect.wallets.join(', '), expect.sender)
  if (!look.found)
    return refused('exists', `Transaction not found on ${chain}`, `transaction ${expect.txid}`, 'none')
  if (!look.succeeded) {
    return refused(
      'succeeded',
      'The transaction did not succeed',
      currency === 'trx' ? 'SUCCESS' : 'success',
      look.outcome,
    )
  }
  // The candidates: TRX moves by a TransferContract, USDT BEP20 by a Transfer event of its contract.
  const candidates =
    currency === 'trx'
      ? look.transfers.filter((t) => t.kind === 'native')
      : look.transfers.filter((t) => t.token !== null && sameAddress('usdt', t.token, expect.usdtContract))
  if (candidates.length === 0) {
    return currency === 'trx'
      ? refused('transfer', 'Not a TRX transfer', 'a TransferContract', describeOther(look.transfers))
      : refused(
          'token',
          'No USDT BEP20 transfer',
          `a Transfer of ${expect.usdtContract}`,
          describeOther(look.transfers),
        )
  }
  const amount = currency === 'trx' ? expect.net : expect.net * BEP20_SCALE
  const show = currency === 'trx' ? trx : usdt
  const match = candidates.find(
    (t) =>
      sameAddress(currency, t.to, expect.receiver) &&
      t.amount === amount &&
      sameAddress(currency, t.from, expect.sender),
  )
  if (match === undefined) {
    const toUser = candidates.filter((t) => sameAddress(currency, t.to, expect.receiver))
    if (toUser.length === 0) {
      return refused(
        'recipient',
        'Paid to another address',
        expect.receiver,
        candidates.map((t) => t.to).join(', '),
      )
    }
    const rightAmount = toUser.filter((t) => t.amount === amount)
    if (rightAmount.length === 0) {
      return refused('amount', 'Another amount', show(amount), toUser.map((t) => show(t.amount)).join(', '))
    }
    return refused(
      'sender',
      'Sent from another address',
      expect.sender,
      rightAmount.map((t) => t.from).join(', '),
    )
  }
  const confirmations = confirmationsOf(look.blockNumber, look.headBlock)
  return confirmations >= expect.required
    ? { kind: 'verified', confirmations, required: expect.required }
    : { kind: 'waiting', confirmations, required: expect.required }
}

/** The refusal of a txid already recorded for another payout. */
export const txidTaken = (txid: string, otherUid: string): ChainVerdict =>
  refused(
    'txid',
    'The transaction is recorded for another payout',
    `a txid no payout has`,
    `${txid} on payout ${otherUid}`,
  )
