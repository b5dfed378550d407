import { readFileSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

const ZOD_COPY = '?zod-classic'

/**
 * zod classic (the contract's schemas, the forms) gets its own copy of zod's modules. The first screen
 * parses with zod/mini twins; were classic to share zod's core modules with it, every core constructor
 * classic references (all string formats, ...) would stay in those shared modules and so in the first
 * screen (about 12 kB gzip). With a separate copy they stay in the lazy chunks that use the contract.
 * Parsing mixes safely: core's parse functions only call `schema._zod.run`.
 */
function zodClassicCopy(): Plugin {
  return {
    name: 'zod-classic-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null
      const fromCopy = importer.endsWith(ZOD_COPY)
      if (!fromCopy && source !== 'zod') return null
      const resolved = await this.resolve(source, importer.replace(ZOD_COPY, ''), {
        ...options,
        skipSelf: true,
      })
      if (!resolved || resolved.external || resolved.id.includes('\0')) return resolved
      if (!resolved.id.includes('/node_modules/zod/')) return resolved
      return { ...resolved, id: `${resolved.id}${ZOD_COPY}` }
    },
    load(id) {
      return id.endsWith(ZOD_COPY) ? readFileSync(id.slice(0, -ZOD_COPY.length), 'utf8') : null
    },
  }
}

/** First path segments the API owns (spec section 7); SPA routes share some of them. */
const API_PREFIXES = [
  '/auth',
  '/dashboard',
  '/accounts',
  '/telegram',
  '/invoices',
  '/bank-cards',
  '/exchanges',
  '/transactions',
  '/referral-earnings',
  '/referrals',
  '/referral-links',
  '/locales',
  '/simulator',
  '/ops',
]

const API_SERVER = process.env.API_SERVER ?? 'http://localhost:8000'

export default defineConfig({
  plugins: [zodClassicCopy(), react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // The contract builds zod schemas at module level; calls on `z` are pure, so the constants the first
      // screen imports (APP_VERSION, LANGUAGES...) come without the schemas and zod classic around them.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  server: {
    // The server negotiates on Accept: API calls send application/json, browser navigations get the SPA.
    proxy: Object.fromEntries(
      API_PREFIXES.map((prefix) => [
        prefix,
        {
          target: API_SERVER,
          bypass(req) {
            const wantsJson = (req.headers.accept ?? '').includes('application/json')
            const isAsset = prefix === '/locales' || prefix === '/simulator' || prefix === '/ops'
            return wantsJson || isAsset || req.method !== 'GET' ? undefined : '/index.html'
          },
        },
      ]),
    ),
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
})
