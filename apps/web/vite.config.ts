import { fileURLToPath } from 'node:url'
import * as contract from '@app/contract'
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
 * (same code, warnings off; 0.48 kB gzip off the first screen, measured); dev and tests keep the warnings, from
 * the ESM file (Node's condition picks the CommonJS one, whose `require('react')` would pass the aliases).
 */
const REACT_ROUTER_PRODUCTION = fromRoot('react-router/dist/production/index.mjs')
const REACT_ROUTER_DEVELOPMENT = fromRoot('react-router/dist/development/index.mjs')

/**
 * Libraries the first screen needs (Preact, React Router, TanStack Query), in the entry's static graph: one chunk.
 * Left to itself the bundler splits them by which lazy screens share them (a React Router chunk, useBaseQuery,
 * useMutation, queryOptions, useQuery...), and each split costs the first screen its own gzip stream and the
 * import/export glue between chunks: 2.33 kB gzip, measured. Only whole packages are named: a module of the
 * contract or zod in this group would bring along exports only lazy screens use.
 */
const FIRST_SCREEN_LIBRARIES = /node_modules[\\/](preact|react-router|@tanstack)[\\/]/

/**
 * The mini-app renders with Preact 11 through preact/compat, in the build, the dev server and the tests alike
 * (docs/web.md 'Renderer'): React DOM alone was 62.9 kB gzip of a 121.3 kB first screen, Preact is 6 kB. The code
 * and its libraries still import `react`; these names lead there. Tests: React Testing Library's ESM build (its
 * CommonJS one would `require` the real react-dom past the aliases) and Preact's `act`.
 */
const PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  {
    find: /^@testing-library\/react$/,
    replacement: fromRoot('@testing-library/react/dist/@testing-library/react.esm.js'),
  },
]

/** Build warnings that say nothing here: React Server Components directives, and a hook React Router probes for. */
const QUIET_WARNINGS = new Set(['MODULE_LEVEL_DIRECTIVE'])

export default defineConfig(({ command }) => ({
  // JSX through the `react/jsx-runtime` name above, so the code keeps React's types. No Fast Refresh: React's
  // refresh runtime does not drive Preact, so the dev server reloads the page on a change.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react', development: command !== 'build' } },
  resolve: {
    alias: [
      ...PREACT,
      {
        find: /^react-router$/,
        replacement: command === 'build' ? REACT_ROUTER_PRODUCTION : REACT_ROUTER_DEVELOPMENT,
      },
    ],
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
        // React Router reads `React.useOptimistic` and falls back when it is missing, as under Preact.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return
        warn(warning)
      },
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
    // Libraries that import `react` run through the aliases too, or Node would load React beside Preact.
    server: {
      deps: {
        inline: [
          /@testing-library\/react/,
          /react-router/,
          /@tanstack\/react-query/,
          /react-hook-form/,
          /@hookform/,
        ],
      },
    },
    unstubGlobals: true,
  },
}))
