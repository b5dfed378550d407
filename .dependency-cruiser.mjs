// Every import boundary of the repository, checked by `npm run deps` (dependency-cruiser) on resolved paths, so the
// way an import is written (relative, `#lib/...`, `@app/contract`) changes nothing. docs/architecture.md says why;
// scripts/check-deps-rules.mjs plants a violation of each rule and fails unless it is refused.

/**
 * The server's modules (apps/server/src/modules/<name>), lowest layer first. A module imports only modules on
 * layers below its own, type-only imports included. Edit here when a module is added, renamed or moved.
 */
const LAYERS = [
  // The bot's outbox: every module that tells users or operators something queues through it.
  ['bot-outbox'],
  [
    'settings',
    'invites',
    'news',
    'ledger',
    'orders',
    'bank-cards',
    'signers',
    'idempotency',
    'sign-in-guard',
    'secrets',
    'email-outbox',
    'audit',
    'health',
    'locales',
    'flags',
  ],
  ['referrals', 'auth', 'housekeeping', 'exports', 'metrics', 'rates'],
  // support below dashboard: home counts its unread replies in the dashboard's one statement.
  ['support'],
  ['accounts', 'validation', 'dashboard', 'users', 'email-auth', 'transactions'],
  // invoices may import transactions (an invoice's payment status follows them), never the reverse.
  ['account-submission', 'invoices', 'bot', 'operators'],
]

const SERVER = '^apps/server/src/'
const MODULES = `${SERVER}modules/`
const oneOf = (names) => `(${names.join('|')})`
/** Route files, wherever they live: src/routes/, or a module's routes.ts, ops-routes.ts or routes/ folder. */
const ROUTES = `${SERVER}(routes/|modules/[^/]+/(ops-)?routes(\\.ts$|/))`
/** A module's tables: part of the floor (db/schema.ts re-exports them for drizzle-kit); any layer reads them. */
const TABLES = `${MODULES}[^/]+/schema\\.ts$`
/** The floor: what every module may import, and which imports nothing above it. */
const FLOOR = `${SERVER}((db|lib|providers|config)(/|\\.ts$)|modules/[^/]+/schema\\.ts$)`
/** The app shell: the entries and the files that wire the app (app.ts, server.ts, services.ts...). */
const SHELL = `${SERVER}[^/]+\\.ts$`
/** What only a developer, a test or a build uses. */
const TOOLING = [
  '^apps/server/dev/',
  '^(apps|packages)/[^/]+/(test|scripts)/',
  '^(e2e|bench|scripts)/',
  '^(apps|packages)/[^/]+/[^/]+\\.config\\.[cm]?[jt]s$',
]

const rule = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to })

export default {
  forbidden: [
    rule(
      'no-cycle',
      'No import cycle, type-only ones included: move what both sides need to a file both import.',
      {},
      { circular: true },
    ),
    rule(
      'resolvable',
      'Every import resolves: one that does not would slip past every rule here.',
      {},
      { couldNotResolve: true },
    ),
    rule(
      'tests-in-test',
      'Tests live in <workspace>/test: a test file under src/ would never run.',
      { path: '^(apps|packages)/[^/]+/src/.*(\\.test\\.[cm]?[jt]sx?$|/__tests__/)' },
      {},
    ),
    rule(
      'production-without-tooling',
      'Production code never imports development tools, tests, scripts or build configs: they plug in through ' +
        'apps/server/src/dev-tools.ts, which only the development entry fills.',
      { path: '^(apps|packages)/[^/]+/src/' },
      { path: TOOLING },
    ),
    rule(
      'contract-imports-nothing-of-ours',
      'The contract imports nothing of ours: every workspace depends on it, never the reverse.',
      { path: '^packages/contract/' },
      { path: '^(apps|packages/(?!contract/)|e2e|bench|scripts)/' },
    ),
    rule(
      'apps-share-only-the-contract',
      'An app imports no other app: the mini-app, the console and the CLI share @app/contract and talk HTTP.',
      { path: '^apps/([^/]+)/(src|test)/', pathNot: '^apps/(server|ops-cli)/test/' },
      { path: '^apps/', pathNot: '^apps/$1/' },
    ),
    rule(
      'web-features-apart',
      'Mini-app features never import each other: move what both need to components, lib or hooks, or let ' +
        'them meet in src/app.',
      { path: '^apps/web/src/features/([^/]+)/' },
      { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    ),
    rule(
      'web-shared-below-features',
      'Shared mini-app code (components, lib, hooks, config, test helpers) imports no feature: features build on it.',
      { path: '^apps/web/(src/(components|lib|hooks|config)|test/helpers)/' },
      { path: '^apps/web/src/features/' },
    ),
    rule(
      'console-screens-apart',
      "Console screens never import each other; a `*-detail.tsx` is part of its list's screen.",
      { path: '^apps/console/src/screens/' },
      { path: '^apps/console/src/screens/', pathNot: '-detail\\.tsx$' },
    ),
    rule(
      'console-shared-below-screens',
      'Shared console code (lib, test helpers) imports no screen and not the shell.',
      { path: '^apps/console/(src/lib|test/helpers)/' },
      { path: '^apps/console/src/(screens/|app\\.tsx$|shell\\.tsx$|main\\.tsx$)' },
    ),
    ...LAYERS.map((names, layer) =>
      rule(
        'server-module-layers',
        `Layer ${layer} (${names.join(', ')}) imports only modules on layers below it (LAYERS in this file).`,
        { path: `${MODULES}${oneOf(names)}/`, pathNot: [ROUTES, TABLES] },
        { path: `${MODULES}${oneOf(LAYERS.slice(layer).flat())}/`, pathNot: [`${MODULES}$1/`, TABLES] },
      ),
    ),
    rule(
      'server-module-on-a-layer',
      'Every server module is on a layer: add a new one to LAYERS in this file.',
      { path: MODULES, pathNot: `${MODULES}${oneOf(LAYERS.flat())}/` },
      {},
    ),
    rule(
      'server-modules-below-routes',
      'A module imports no route, plugin or app-shell file: those receive services, modules never see them.',
      { path: MODULES, pathNot: ROUTES },
      { path: SERVER, pathNot: [`${MODULES}[^/]+/`, FLOOR] },
    ),
    rule(
      'server-floor',
      "The floor (db/, lib/, providers/, config, modules' schema.ts) imports no module, route, plugin or app-shell file.",
      { path: FLOOR },
      { path: SERVER, pathNot: FLOOR },
    ),
    rule(
      'server-routes-from-the-shell',
      'Only the app shell (app.ts...) registers routes: nothing else imports a route file.',
      { path: SERVER, pathNot: [SHELL, ROUTES] },
      { path: ROUTES },
    ),
  ],
  options: {
    // swc reads the source as written, so type-only imports are dependencies too (tsPreCompilationDeps needs the
    // TypeScript compiler's API, which TypeScript 7.0 lacks).
    parser: 'swc',
    moduleSystems: ['es6', 'cjs'],
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|test-output)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.d.ts', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
