import { fileURLToPath } from 'node:url'
import * as contract from '@app/contract'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

/**
 * First path segments the API owns (spec section 7), from every user call the contract declares, plus the
 * server's own pages: a call added to the contract is proxied in development without a list to keep (`/me` was
 * missing from the hand-kept one). SPA routes share some of them (the bypass below).
 */
const API_PREFIXES = [
  ...new Set(
    Object.entries(contract)
      .filter(([name]) => name.endsWith('Calls'))
      .flatMap(([, calls]) => Object.values(calls as Record<string, { path?: unknown }>))
      .flatMap((call) => (typeof call.path === 'string' ? [`/${call.path.split('/')[1]}`] : [])),
  ),
  '/locales',
  '/simulator',
  '/ops',
]

const API_SERVER = process.env.API_SERVER ?? 'http://localhost:8000'

const fromRoot = (path: string) => fileURLToPath(new URL(`../../node_modules/${path}`, import.meta.url))

/**
 * React Router's package exports name only its development build, in production too (remix-run/react-router
 * issue 14102, open): its dev warnings ship and run. The build takes the production twin it publishes beside it
 * (same code, warnings off, a little off the first screen: docs/measurements/delivery.md); dev and tests keep the
 * warnings.
 */
const REACT_ROUTER_PRODUCTION = fromRoot('react-router/dist/production/index.mjs')

/**
 * Libraries the first screen needs (React, React DOM and its scheduler, React Router, TanStack Query), in the entry's static graph: one chunk.
 * Left to itself the bundler splits them by which lazy screens share them (a React Router chunk, useBaseQuery,
 * useMutation, queryOptions, useQuery...), and each split costs the first screen its own gzip stream and the
 * import/export glue between chunks (docs/measurements/delivery.md). Only whole packages are named: a module of the
 * contract or zod in this group would bring along exports only lazy screens use.
 */
const FIRST_SCREEN_LIBRARIES = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/

/** Build warnings that say nothing here: React Server Components directives. */
const QUIET_WARNINGS = new Set(['MODULE_LEVEL_DIRECTIVE'])

export default defineConfig(({ command }) => ({
  // React 19 renders (docs/web.md 'Renderer'); the plugin gives the dev server Fast Refresh, as the console's.
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      onwarn(warning, warn) {
        if (QUIET_WARNINGS.has(warning.code ?? '')) return
        warn(warning)
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'libraries', tags: ['$initial'], test: FIRST_SCREEN_LIBRARIES },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
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
    // Files share a worker's loaded modules (far less CPU than isolated files); test/helpers/setup.ts
    // resets the app's module state after each test.
    isolate: false,
    // A test in which no expect() ran fails (docs/architecture.md 'Tests').
    expect: { requireAssertions: true },
    restoreMocks: true,
    unstubGlobals: true,
  },
}))
