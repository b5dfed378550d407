import { USDT_BEP20_FEE } from '@app/contract'

type TransactionCurrency = 'trx' | 'usdt' | 'irt'

const MICRO = 1_000_000n
const CENT = 10_000n
const micro = (value: number) => BigInt(Math.round(value * 1_000_000))

/** '1.0685' (the invoice's `amountExact`: at most 6 decimals) -> micro-USDT, digit by digit. */
function microOf(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.')
  return BigInt(whole) * MICRO + BigInt(fraction.padEnd(6, '0').slice(0, 6))
}

/**
 * What a payout request will pay, before it is made (issue 38): the server's rule (docs/transactions.md, 'Money';
 * `transactionNet` in modules/transactions/amounts.ts) in the same integers: (invoice amount - fee) x rate, rounded
 * down, trx and usdt to the cent, toman whole. The fee is USDT BEP20's 0.3; usdt's rate is 1. The amount is the
 * invoice's exact one, not the cent-rounded `amount`, so the figure is the one that arrives.
 */
export function netPreview(currency: TransactionCurrency, invoiceAmountExact: string, rate: number): number {
  const fee = currency === 'usdt' ? micro(USDT_BEP20_FEE) : 0n
  const usdt = microOf(invoiceAmountExact) - fee
  if (usdt <= 0n) return 0
  const rateMicro = currency === 'usdt' ? MICRO : micro(rate)
  if (currency === 'irt') return Number((usdt * rateMicro) / (MICRO * MICRO))
  const minor = (usdt * rateMicro) / MICRO
  return Number(minor - (minor % CENT)) / 1_000_000
}

/** An address in groups of four, to read and compare whole ('TR7N Hqje KQxG ...'); the address itself is unchanged. */
export function groupAddress(address: string): string {
  return address.replace(/(.{4})(?=.)/g, '$1 ')
}
