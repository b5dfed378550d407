// @ts-check
// `npm run test:quick`: the developer's loop before a commit. Lint and format of the files changed since main, the
// dependency rules, unused code, the generated configuration docs, the type-check (incremental), and the unit tests
// Vitest finds affected by those changes (its module graph), in the unit projects only. `npm test` stays the whole
// suite, as CI runs it.
import { spawnSync } from 'node:child_process'

const SINCE = process.env.QUICK_SINCE ?? 'main'

const steps = [
  [
    'lint and format (changed files)',
    ['npx', 'biome', 'check', '--changed', `--since=${SINCE}`, '--no-errors-on-unmatched'],
  ],
  ['dependency rules', ['npm', 'run', 'deps']],
  ['unused code', ['npm', 'run', 'knip']],
  ['configuration docs', ['node', 'scripts/config-docs.mjs', '--check']],
  ['type-check', ['npx', 'tsc', '-b']],
  ['affected unit tests', ['npx', 'vitest', 'run', '--changed', SINCE, '--passWithNoTests']],
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
