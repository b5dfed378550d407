import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

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
  '/news',
  '/locales',
  '/simulator',
  '/ops',
]

const API_SERVER = process.env.API_SERVER ?? 'http://localhost:8000'

/**
 * React Router's package exports name only its development build, in production too (remix-run/react-router
 * issue 14102, open): its dev warnings ship and run. The build takes the production twin it publishes beside it
 * (same code, warnings off; 0.48 kB gzip off the first screen, measured); dev and tests keep the warnings.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
)

/**
 * Libraries the first screen needs (React, React Router, TanStack Query), in the entry's static graph: one chunk.
 * Left to itself the bundler splits them by which lazy screens share them (a React Router chunk, useBaseQuery,
 * useMutation, queryOptions, useQuery...), and each split costs the first screen its own gzip stream and the
 * import/export glue between chunks: 2.33 kB gzip, measured. Only whole packages are named: a module of the
 * contract or zod in this group would bring along exports only lazy screens use.
 */
const FIRST_SCREEN_LIBRARIES = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // The contract builds its zod/mini schemas at module level; marking calls on `z` pure lets schemas the
      // app never parses drop out (0.08 kB gzip off the first screen, measured).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: { groups: [{ name: 'libraries', tags: ['$initial'], test: FIRST_SCREEN_LIBRARIES }] },
      },
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
    setupFiles: ['./test/helpers/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    // Files share a worker's loaded modules (a third of the CPU of isolated files, measured); test/helpers/setup.ts
    // resets the app's module state after each test.
    isolate: false,
    // A test in which no expect() ran fails (docs/architecture.md 'Tests').
    expect: { requireAssertions: true },
    restoreMocks: true,
    unstubGlobals: true,
  },
}))
