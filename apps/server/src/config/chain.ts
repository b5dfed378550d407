/** The chain check of TRX and USDT BEP20 payouts (docs/transactions.md, 'Chain check'): endpoints, wallets, waits. */
import { isBscAddress, isTronAddress } from '@app/contract'
import * as z from 'zod/mini'
import { booleanFlag, ConfigError, optionalString, requireHttpUrls, wholeNumber } from './env.ts'

export const ChainEnv = z.object({
  /** The chain check of payouts (docs/transactions.md, 'Chain check'): TronGrid's root and key, a BSC JSON-RPC URL. */
  TRON_API_ROOT: optionalString,
  TRON_API_KEY: optionalString,
  TRON_CONFIRMATIONS: wholeNumber(19, z.positive(), z.lte(10_000)),
  BSC_RPC_URL: optionalString,
  BSC_CHAIN_ID: wholeNumber(56, z.positive()),
  BSC_USDT_CONTRACT: z._default(
    z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, { message: 'must be 0x and 40 hex digits' })),
    '0x55d398326f99059fF775485246999027B3197955',
  ),
  BSC_CONFIRMATIONS: wholeNumber(15, z.positive(), z.lte(10_000)),
  /** Our wallets payouts leave from, comma-separated: a payout from any other address is not verified. */
  TRON_PAYOUT_WALLETS: optionalString,
  BSC_PAYOUT_WALLETS: optionalString,
  /** off: record TRX and USDT payouts without reading the chain (production must say so to run without endpoints). */
  CHAIN_VERIFICATION: z.optional(booleanFlag),
  CHAIN_CONFIRM_TIMEOUT_SECONDS: wholeNumber(3600, z.positive()),
  CHAIN_RECHECK_MS: wholeNumber(30_000, z.gte(0)),
  CHAIN_API_TIMEOUT_MS: wholeNumber(10_000, z.positive(), z.lte(120_000)),
})

export type ChainConfig = {
  /**
   * Undefined: TRX payouts are recorded unverified (no endpoint, or CHAIN_VERIFICATION=off). `payoutWallets`: the
   * addresses our payouts leave from (TRON_PAYOUT_WALLETS); a transfer from any other is refused.
   */
  tron:
    | { apiRoot: string; apiKey: string | undefined; confirmations: number; payoutWallets: string[] }
    | undefined
  /** Undefined: USDT BEP20 payouts are recorded unverified. `payoutWallets`: BSC_PAYOUT_WALLETS. */
  bsc:
    | {
        rpcUrl: string
        chainId: number
        usdtContract: string
        confirmations: number
        payoutWallets: string[]
      }
    | undefined
  /** CHAIN_VERIFICATION=off said so (logged at start). */
  verificationOff: boolean
  /** A payout still short of its confirmations this long after it was recorded is left to an operator. */
  confirmTimeoutSeconds: number
  /** How often a process looks for payouts waiting for confirmations (one process a round); 0: never. */
  recheckMs: number
  /** How long one call to an endpoint may take. */
  apiTimeoutMs: number
  /** The Retry-After of a 503 CHAIN_UNAVAILABLE. */
  retryAfterSeconds: number
}

/**
 * A chain's payout wallets: the addresses the chain check accepts a payout from (a transfer from the user's own other
 * wallet is not a payout). Required with the chain's endpoint; each must be a valid address of its chain.
 */
function payoutWallets(name: string, text: string | undefined, endpoint: string): string[] {
  const wallets = (text ?? '').split(/[\s,]+/).filter((wallet) => wallet !== '')
  if (wallets.length === 0)
    throw new ConfigError(
      `${name} is required with ${endpoint}: the chain check accepts a payout only from our own wallets (comma-separated addresses)`,
    )
  const valid = name.startsWith('TRON') ? isTronAddress : isBscAddress
  const wrong = wallets.find((wallet) => !valid(wallet))
  if (wrong !== undefined) throw new ConfigError(`${name}: not a valid address: ${wrong}`)
  return wallets
}

/**
 * The chain check: on for each chain whose endpoint is set, unless CHAIN_VERIFICATION=off. Production runs without
 * an endpoint only by saying so: a payout recorded without the chain's word is a payout nobody checked.
 */
export function chainConfig(e: z.infer<typeof ChainEnv>, isProduction: boolean): ChainConfig {
  requireHttpUrls({ TRON_API_ROOT: e.TRON_API_ROOT, BSC_RPC_URL: e.BSC_RPC_URL })
  const off = e.CHAIN_VERIFICATION === false
  const missing = [
    ...(e.TRON_API_ROOT === undefined ? ['TRON_API_ROOT'] : []),
    ...(e.BSC_RPC_URL === undefined ? ['BSC_RPC_URL'] : []),
  ]
  if (isProduction && !off && missing.length > 0) {
    throw new ConfigError(
      `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required in production: TRX and USDT BEP20 payouts are recorded only when the chain shows them (set CHAIN_VERIFICATION=off to record them unchecked)`,
    )
  }
  if (e.CHAIN_VERIFICATION === true && missing.length > 0) {
    throw new ConfigError(`CHAIN_VERIFICATION=on needs ${missing.join(' and ')}`)
  }
  return {
    tron:
      off || e.TRON_API_ROOT === undefined
        ? undefined
        : {
            apiRoot: e.TRON_API_ROOT,
            apiKey: e.TRON_API_KEY,
            confirmations: e.TRON_CONFIRMATIONS,
            payoutWallets: payoutWallets('TRON_PAYOUT_WALLETS', e.TRON_PAYOUT_WALLETS, 'TRON_API_ROOT'),
          },
    bsc:
      off || e.BSC_RPC_URL === undefined
        ? undefined
        : {
            rpcUrl: e.BSC_RPC_URL,
            chainId: e.BSC_CHAIN_ID,
            usdtContract: e.BSC_USDT_CONTRACT,
            confirmations: e.BSC_CONFIRMATIONS,
            payoutWallets: payoutWallets('BSC_PAYOUT_WALLETS', e.BSC_PAYOUT_WALLETS, 'BSC_RPC_URL'),
          },
    verificationOff: off,
    confirmTimeoutSeconds: e.CHAIN_CONFIRM_TIMEOUT_SECONDS,
    recheckMs: e.CHAIN_RECHECK_MS,
    apiTimeoutMs: e.CHAIN_API_TIMEOUT_MS,
    retryAfterSeconds: 30,
  }
}
