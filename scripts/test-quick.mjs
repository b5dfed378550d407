// @ts-check
// `npm run test:quick`: the developer's loop before a commit. Lint and format of the files changed since main, the
// dependency rules, unused code, the generated configuration docs, the type-check (incremental), then the unit
// tests of what changed: a feature's own tests for a change inside one feature (server module, mini-app feature,
// console screen), changed test files themselves, and for anything shared the tests Vitest finds affected (its
// module graph: every server route test reaches every module through the app, so that is most of the suite).
// `npm test` stays the whole suite, as CI runs it.
import { spawnSync } from 'node:child_process'
import { existsSync, globSync } from 'node:fs'

const SINCE = process.env.QUICK_SINCE ?? 'main'

/** Files changed since SINCE, committed or not. */
function changedFiles() {
  const git = (/** @type {string[]} */ args) =>
    spawnSync('git', args, { encoding: 'utf8' }).stdout.split('\n').filter(Boolean)
  const base = git(['merge-base', SINCE, 'HEAD'])[0] ?? SINCE
  return [
    ...new Set([
      ...git(['diff', '--name-only', base]),
      ...git(['ls-files', '--others', '--exclude-standard']),
    ]),
  ]
}

/** A feature's own tests, or undefined when the file is shared (or its feature has no tests of its own). */
function ownTests(/** @type {string} */ file) {
  if (/\.test\.tsx?$/.test(file)) return existsSync(file) ? [file] : []
  const feature =
    /^apps\/server\/src\/modules\/([^/]+)\//.exec(file) ??
    /^apps\/web\/src\/features\/([^/]+)\//.exec(file) ??
    /^apps\/console\/src\/screens\/([a-z]+)/.exec(file)
  if (!feature) return undefined
  const [, name] = feature
  const app = file.split('/').slice(0, 2).join('/')
  const tests = globSync([
    `${app}/test/**/*${name}*.test.{ts,tsx}`,
    `${app}/test/**/${name}/**/*.test.{ts,tsx}`,
  ])
  return tests.length > 0 ? tests : undefined
}

const sourceChanges = changedFiles().filter((file) =>
  /^(apps|packages)\/[^/]+\/(src|test)\/.*\.tsx?$/.test(file),
)
const selected = sourceChanges.map(ownTests)
const tests = selected.some((own) => own === undefined)
  ? ['affected unit tests', ['npx', 'vitest', 'run', '--changed', SINCE, '--passWithNoTests']]
  : [
      "the changed features' tests",
      ['npx', 'vitest', 'run', '--passWithNoTests', ...new Set(selected.flat())],
    ]

const steps = [
  [
    'lint and format (changed files)',
    ['npx', 'biome', 'check', '--changed', `--since=${SINCE}`, '--no-errors-on-unmatched'],
  ],
  ['dependency rules', ['npm', 'run', 'deps']],
  ['unused code', ['npm', 'run', 'knip']],
  ['configuration docs', ['node', 'scripts/config-docs.mjs', '--check']],
  ['type-check', ['npx', 'tsc', '-b']],
  tests,
]

const started = Date.now()
for (const [name, [command, ...args]] of steps) {
  console.log(`\n> ${name}`)
  const { status } = spawnSync(command, args, { stdio: 'inherit' })
  if (status !== 0) {
    console.error(`\ntest:quick: ${name} failed`)
    process.exit(status ?? 1)
  }
}
console.log(`\ntest:quick passed in ${((Date.now() - started) / 1000).toFixed(0)} s (changes since ${SINCE})`)
