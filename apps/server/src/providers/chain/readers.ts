/** The chain readers the configuration asks for: one per chain with an endpoint, none where verification is off. */
import type { ChainConfig } from '#src/config.ts'
import { createBscReader } from './bsc-reader.ts'
import type { ChainReader } from './chain-reader.ts'
import { createTronReader } from './tron-reader.ts'

export type ChainReaders = { tron: ChainReader | undefined; bsc: ChainReader | undefined }

export function createChainReaders(config: ChainConfig): ChainReaders {
  return {
    tron:
      config.tron === undefined
        ? undefined
        : createTronReader({
            apiRoot: config.tron.apiRoot,
            apiKey: config.tron.apiKey,
            timeoutMs: config.apiTimeoutMs,
          }),
    bsc:
      config.bsc === undefined
        ? undefined
        : createBscReader({
            rpcUrl: config.bsc.rpcUrl,
            chainId: config.bsc.chainId,
            timeoutMs: config.apiTimeoutMs,
          }),
  }
}
