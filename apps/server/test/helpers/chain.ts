/** The chain check in tests: a configuration reading the local fakes of TronGrid and a BSC node (dev/fake-chain). */
import { BSC_USDT } from '#dev/fake-chain/server.ts'
import type { ChainConfig } from '#src/config.ts'
import { testConfig } from './app.ts'

/** Confirmations each chain needs in tests: the documented defaults. */
export const TEST_CONFIRMATIONS = { trx: 19, usdt: 15 }
/** A sender of each chain that passes its checksum: our payout wallet in the tests' chain configuration. */
export const TEST_SENDER = {
  trx: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV',
  usdt: '0x8894e0a0c962cb723c1976a4421c95949be2d4e3',
}

export function chainConfigFor(tronUrl: string, bscUrl: string, apiTimeoutMs = 2500): ChainConfig {
  return {
    ...testConfig().chain,
    tron: {
      apiRoot: tronUrl,
      apiKey: 'test-tron-key',
      confirmations: TEST_CONFIRMATIONS.trx,
      payoutWallets: [TEST_SENDER.trx],
    },
    bsc: {
      rpcUrl: bscUrl,
      chainId: 56,
      usdtContract: BSC_USDT,
      confirmations: TEST_CONFIRMATIONS.usdt,
      payoutWallets: [TEST_SENDER.usdt],
    },
    apiTimeoutMs,
    recheckMs: 0,
  }
}
