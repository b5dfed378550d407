// `npm test`: every test layer, in order, stopping at the first failing step.
// lint + format -> architecture rules -> Node engines -> type-check -> contract/server/ops CLI/web tests -> web build + size budget -> end-to-end in Chromium.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'test-output')
mkdirSync(out, { recursive: true })

const reports = []
const vitest = (name, args) => {
  const report = join(out, `vitest-${name}.json`)
  rmSync(report, { force: true })
  reports.push(report)
  return [
    'npx',
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]
}

const steps = [
  ['lint and format', ['npx', 'biome', 'ci', '.']],
  ['architecture rules fire', ['node', 'scripts/check-architecture-rules.mjs']],
  ['dependencies support the promised Node', ['node', 'scripts/check-engines.mjs']],
  // One build of the solution (root tsconfig.json): the contract is checked once, then each project against it.
  ['type-check', ['npm', 'run', 'typecheck']],
  // Two workers on this 2-core machine: much of the suite waits on spawned servers, databases and timers
  // (481 s with two on an idle machine; vitest's default here is one worker, which took 720 s on a busier one).
  ['contract, server and web tests', vitest('unit', ['--maxWorkers=2'])],
  ['web build', ['npm', 'run', 'build', '-w', 'apps/web']],
  ['console build', ['npm', 'run', 'build', '-w', 'apps/console']],
  ['first-screen size budget', ['npm', 'run', 'size', '-w', 'apps/web']],
  ['end-to-end tests (Chromium)', vitest('e2e', ['--config', 'e2e/vitest.config.ts'])],
]

function summarize() {
  let passed = 0
  let failed = 0
  for (const report of reports) {
    if (!existsSync(report)) continue
    const result = JSON.parse(readFileSync(report, 'utf8'))
    passed += result.numPassedTests
    failed += result.numFailedTests
  }
  console.log(`\ntests: ${passed} passed, ${failed} failed`)
}

for (const [name, [command, ...args]] of steps) {
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  console.log(
    `=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  if (result.status !== 0) {
    summarize()
    process.exit(result.status ?? 1)
  }
}
summarize()
