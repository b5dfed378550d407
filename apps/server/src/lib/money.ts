import type { Transaction } from '@app/contract'

/**
 * Money is never a float. USDT is kept as integer minor units with 6 decimals (bigint);
 * decimal strings are parsed digit by digit and formatted back without going through floats.
 */
const USDT_DECIMALS = 6
const SCALE = 10n ** BigInt(USDT_DECIMALS)
const DECIMAL = /^(\d{1,12})(?:\.(\d{1,6}))?$/

/** '10', '10.5', '0.000001' -> minor units; undefined when not a non-negative decimal with <= 6 decimals. */
export function parseUsdt(input: string): bigint | undefined {
  const match = DECIMAL.exec(input.trim())
  if (!match) return undefined
  const [, whole = '0', fraction = ''] = match
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(USDT_DECIMALS, '0'))
}

/** Minor units -> shortest exact decimal string ('10', '10.5'). */
export function formatUsdt(minor: bigint): string {
  const whole = minor / SCALE
  const fraction = (minor % SCALE).toString().padStart(USDT_DECIMALS, '0').replace(/0+$/, '')
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`
}

/** Minor units -> fixed 2-decimal string for the wire ('10.50'), rounded half up. */
export function formatUsdt2(minor: bigint): string {
  const cents = (minor + 5_000n) / 10_000n
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`
}

/** Minor units -> number with at most 2 decimals, what the spec's wire format shows. */
export function usdtToWireNumber(minor: bigint): number {
  return Number(formatUsdt2(minor))
}

/** Payout-currency minor units -> the wire: trx and usdt keep 6 decimals in storage, toman none. */
export function netToWire(currency: Transaction['currency'], net: bigint): number {
  return currency === 'irt' ? Number(net) : usdtToWireNumber(net)
}
