/**
 * The scope boundary (docs/product.md, 'Scope'; docs/transactions.md, 'Chain check'): the project reads chains and never
 * sends funds. No production source (server, CLI, console, contract) imports a signing or wallet part of viem,
 * names a private key or mnemonic, or calls a method that signs or broadcasts a transaction, on BSC or TRON. The
 * scan is checked on planted lines first, so a broken pattern cannot pass everything.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const SOURCES = ['apps/server/src', 'apps/ops-cli/src', 'apps/console/src', 'packages/contract/src']

/** What crosses the boundary, each with why. */
const FORBIDDEN: [RegExp, string][] = [
  [/['"]viem\/(accounts|wallet|experimental|account-abstraction)['"]/, "viem's accounts and wallets"],
  [
    /\b(createWalletClient|walletActions|privateKeyToAccount|mnemonicToAccount|hdKeyToAccount|generatePrivateKey)\b/,
    'a wallet or an account that signs',
  ],
  [
    /\b(sendTransaction|sendRawTransaction|signTransaction|signMessage|signTypedData|writeContract|deployContract)\b/,
    'a method that signs or sends',
  ],
  [
    /eth_(sendRawTransaction|sendTransaction|sign|signTransaction|signTypedData\w*)\b/,
    'a JSON-RPC method that signs or sends',
  ],
  [
    /\/wallet\/(broadcasttransaction|broadcasthex|createtransaction|easytransfer\w*|triggersmartcontract|gettransactionsign\w*)/i,
    'a TRON call that builds, signs or broadcasts',
  ],
  [/(private_?key|mnemonic|seed_?phrase)/i, 'a private key or mnemonic'],
]

export function boundaryProblems(text: string): string[] {
  return FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(([, why]) => why)
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx|mts|js|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

describe('scope boundary: read the chain, never send', () => {
  it('the scan catches every kind of crossing (planted lines) and passes the readers as written', () => {
    const planted = [
      "import { privateKeyToAccount } from 'viem/accounts'",
      'const wallet = createWalletClient({ transport })',
      'await client.sendRawTransaction({ serializedTransaction })',
      "await rpc('eth_sendRawTransaction', [raw])",
      "await post('/wallet/broadcasttransaction', signed)",
      'const key = process.env.TRON_PRIVATE_KEY',
    ]
    for (const line of planted) expect(boundaryProblems(line), line).not.toEqual([])
    const allowed = [
      "import { createPublicClient, http, parseEventLogs } from 'viem'",
      "await post('/wallet/gettransactionbyid', { value })",
      'await client.getTransactionReceipt({ hash })',
      "headers: { 'TRON-PRO-API-KEY': apiKey }",
    ]
    for (const line of allowed) expect(boundaryProblems(line), line).toEqual([])
  })

  it('no production source crosses it', () => {
    const crossings = SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap((file) =>
      boundaryProblems(readFileSync(file, 'utf8')).map((why) => `${relative(ROOT, file)}: ${why}`),
    )
    expect(crossings).toEqual([])
  })
})
