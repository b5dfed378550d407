// `npm start`: builds the mini-app when its build is missing or older than its sources, then runs the server
// (embedded PGlite in ./data, sandbox provider, demo data and the simulator unless configured otherwise).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const builtIndex = join(root, 'apps/web/dist/index.html')
const webSources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src']

function newestChange(path) {
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  return readdirSync(path).reduce(
    (latest, name) => Math.max(latest, newestChange(join(path, name))),
    stats.mtimeMs,
  )
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true
  const built = statSync(builtIndex).mtimeMs
  return webSources.some(
    (source) => existsSync(join(root, source)) && newestChange(join(root, source)) > built,
  )
}

if (webBuildIsStale()) {
  console.log('Building the mini-app (apps/web)...')
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
  cwd: process.cwd(),
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
