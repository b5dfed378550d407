#!/usr/bin/env node
// After `vite build`: the `.br` and `.gz` siblings of the console's files, as for the mini-app
// (apps/web/scripts/precompress.mjs, whose code this reuses on apps/console/dist).
import { fileURLToPath } from 'node:url'
import { precompress } from '../../web/scripts/precompress.mjs'

export const consoleDist = fileURLToPath(new URL('../dist', import.meta.url))

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const results = await precompress(consoleDist)
  console.log(`precompressed ${results.length} console files`)
}
