// `npm run bench`: prints the budgets' figures (not a timed test).
//  - server: start-up to the first healthy answer on PGlite, with a fresh and with an existing data folder
//    (`npm start` path: node + tsx + migrations + demo data), budget 5 s after the first build;
//  - mini-app: per-chunk sizes and the first-screen total, gzip and as the server sends them
//    (apps/web/scripts/size.mjs), budget 125 KB for each;
//  - the first screen per npm package, minified and gzip (apps/web/scripts/bundle-report.mjs);
//  - Lighthouse's mobile preset on the dashboard, median of 3 (bench/lighthouse.ts).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureWebBuild } from './web-build.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const START_BUDGET_MS = 5000

/** A port free on 127.0.0.1 right now (so that the bench runs beside other servers). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

async function timeToHealthy(dataDir, port) {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/dev/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) return performance.now() - started
      if (performance.now() - started > 60_000) throw new Error('server not healthy after 60 s')
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'))
try {
  const port = await freePort()
  const fresh = await timeToHealthy(dataDir, port)
  const warm = []
  for (let i = 0; i < 3; i++) warm.push(await timeToHealthy(dataDir, port))
  const median = [...warm].sort((a, b) => a - b)[1] ?? 0
  console.log('server start to first healthy answer (PGlite)')
  console.log(`  fresh data folder (creates and migrates the database): ${(fresh / 1000).toFixed(2)} s`)
  console.log(
    `  existing data folder, median of 3: ${(median / 1000).toFixed(2)} s (runs: ${warm.map((t) => (t / 1000).toFixed(2)).join(', ')} s)`,
  )
  // The budget is for a start after the first one (what `npm start` does every day). The very first start
  // also creates the database (PGlite's initdb alone takes about 4 s here), once per data folder.
  const verdict = median <= START_BUDGET_MS ? 'within' : 'OVER'
  console.log(`  budget ${START_BUDGET_MS / 1000} s for a start with an existing data folder: ${verdict}`)
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}

console.log('\nmini-app bundle')
await ensureWebBuild()
const size = spawnSync('npm', ['run', 'size', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' })

// First-screen composition per npm package (minified and gzip), from the build's source maps.
console.log('\nmini-app first screen by package')
const report = spawnSync(process.execPath, [join(root, 'apps/web/scripts/bundle-report.mjs')], {
  cwd: join(root, 'apps/web'),
  stdio: 'inherit',
})

console.log('\nLighthouse')
const lighthouse = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/lighthouse.ts')], {
  cwd: root,
  stdio: 'inherit',
})
process.exit(size.status || report.status || lighthouse.status || 0)
