// `npm test`: every test layer. Three lanes run side by side, each a sequence of steps that stops at its first
// failure; a failure anywhere stops the other lanes and fails the run.
//   checks:  lint + format -> dependency rules -> unused code -> Node engines -> commit subjects ->
//            alert rules (promtool) -> configuration docs -> type-check
//   unit:    contract, server, ops CLI, web and console tests (Vitest), at a lower CPU priority
//   browser: web build -> console build -> first-screen size budget -> end-to-end in Chromium
// Why lanes: much of the unit layer waits on spawned servers, databases and timers, and the end-to-end layer on a
// browser; one after the other they left a 2-core machine half idle for 20 minutes. The unit lane runs under
// `nice` so that the browser lane, whose waits are about what a person sees, gets the CPU first.
// Each step's output is kept in test-output/logs/<step>.log and printed whole when the step ends, so lanes never
// interleave their lines.
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'test-output')
const logs = join(out, 'logs')
mkdirSync(logs, { recursive: true })

// Node's compile cache for every process of the run: each spawned server starts cheaper and is healthy sooner
// (docs/measurements/ci.md); the run spawns about 80.
const compileCache = process.env.NODE_COMPILE_CACHE ?? join(out, 'node-compile-cache')

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

const lanes = {
  checks: [
    ['lint and format', ['npx', 'biome', 'ci', '.']],
    // Every import boundary (.dependency-cruiser.mjs), then a planted violation of each rule, refused by name.
    ['dependency rules', ['npm', 'run', 'deps']],
    // No unused file, export or dependency (knip.jsonc names the entries no package.json script names).
    ['unused code', ['npm', 'run', 'knip']],
    ['dependencies support the promised Node', ['node', 'scripts/check-engines.mjs']],
    // Subjects of at most 72 characters since issue 39 (the why in the body).
    ['commit subjects', ['node', 'scripts/check-commit-subjects.mjs']],
    // The alert rules (deploy/prometheus/alerts.yml) parse, and fire and stay silent as their written series say.
    ['alert rules', ['promtool', 'check', 'rules', 'deploy/prometheus/alerts.yml']],
    [
      'alert rules against written series',
      ['promtool', 'test', 'rules', 'deploy/prometheus/alerts.test.yml'],
    ],
    // docs/configuration.md is generated from the configuration (npm run docs:config): it must not drift.
    ['configuration docs', ['node', 'scripts/config-docs.mjs', '--check']],
    // One build of the solution (root tsconfig.json): the contract is checked once, then each project against it.
    ['type-check', ['npm', 'run', 'typecheck']],
  ],
  unit: [
    // Two workers on a 2-core machine: with three, on a machine whose page faults are dear, the niced lane's timing
    // tests starved beside the browser (spawned servers missed their deadlines; docs/measurements/ci.md).
    ['contract, server and web tests', ['nice', '-n', '10', ...vitest('unit', ['--maxWorkers=2'])]],
  ],
  browser: [
    ['web build', ['npm', 'run', 'build', '-w', 'apps/web']],
    ['console build', ['npm', 'run', 'build', '-w', 'apps/console']],
    ['first-screen size budget', ['npm', 'run', 'size', '-w', 'apps/web']],
    ['end-to-end tests (Chromium)', vitest('e2e', ['--config', 'e2e/vitest.config.ts'])],
  ],
}

const running = new Set()
let failed = false

/** Runs one step as its own process group (so a stop reaches its servers and browsers); resolves with its exit code. */
function runStep(lane, name, [command, ...args]) {
  const logFile = join(logs, `${name.replace(/[^a-z0-9]+/gi, '-')}.log`)
  const log = createWriteStream(logFile)
  let output = ''
  const started = Date.now()
  console.log(`--- [${lane}] ${name}: started`)
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', NODE_COMPILE_CACHE: compileCache },
  })
  running.add(child)
  const keep = (chunk) => {
    output += chunk
    log.write(chunk)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  // A tool that is not installed (promtool without Debian's prometheus package): the step fails saying so.
  child.on('error', (error) => keep(`${command}: ${error.message}\n`))
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child)
      log.end()
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      const status = code === 0 ? 'ok' : failed && signal ? 'stopped' : 'FAILED'
      console.log(`\n=== [${lane}] ${name}: ${[command, ...args].join(' ')}`)
      // A lane stopped by another's failure would bury that failure under its own output: its log keeps it.
      if (status !== 'stopped') process.stdout.write(output)
      console.log(`=== [${lane}] ${name}: ${status} in ${seconds} s (log: ${logFile})`)
      resolve(code ?? 1)
    })
  })
}

function stopOthers() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
}

async function runLane(lane, steps) {
  for (const [name, command] of steps) {
    if (failed) return
    const code = await runStep(lane, name, command)
    if (code !== 0) {
      if (!failed) {
        failed = true
        console.log(`\n*** ${name} failed: stopping the other lanes`)
        stopOthers()
      }
      return
    }
  }
}

/** Counts every report's tests and names each failure last, where a reader of the output's tail looks first. */
function summarize() {
  let passed = 0
  const failures = []
  for (const report of reports) {
    if (!existsSync(report)) continue
    const result = JSON.parse(readFileSync(report, 'utf8'))
    passed += result.numPassedTests
    for (const file of result.testResults) {
      const path = file.name.slice(root.length)
      if (file.status === 'failed' && file.assertionResults.every((test) => test.status !== 'failed')) {
        failures.push(`${path}: ${firstLines(file.message)}`)
      }
      for (const test of file.assertionResults) {
        if (test.status === 'failed')
          failures.push(`${path} > ${test.fullName}: ${firstLines(test.failureMessages.join('\n'))}`)
      }
    }
  }
  console.log(`\ntests: ${passed} passed, ${failures.length} failed`)
  for (const failure of failures) console.log(`FAILED ${failure}`)
}

const firstLines = (text = '') => text.split('\n').slice(0, 6).join('\n  ')

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    failed = true
    stopOthers()
    process.exit(1)
  })
}

const started = Date.now()
await Promise.all(Object.entries(lanes).map(([lane, steps]) => runLane(lane, steps)))
summarize()
console.log(`npm test: ${failed ? 'FAILED' : 'ok'} in ${((Date.now() - started) / 1000).toFixed(0)} s`)
process.exit(failed ? 1 : 0)
