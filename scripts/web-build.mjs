// @ts-check
// The mini-app's build, made when missing or stale: used by `npm start` and the benches.
// Stale: index.html older than any source, or a served file without its up-to-date `.br`/`.gz` sibling
// (a bare `vite build`, or a build interrupted before precompression).
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { missingPrecompressed } from '../apps/web/scripts/precompress.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const builtIndex = join(root, 'apps/web/dist/index.html')
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/scripts/precompress.mjs',
  'apps/web/scripts/paint-before-code.ts',
  'packages/contract/src',
  // The home skeleton's words (apps/web/scripts/paint-before-code.ts).
  'locales',
]

/** @param {string} path @returns {number} */
function newestChange(path) {
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  return readdirSync(path).reduce(
    (latest, name) => Math.max(latest, newestChange(join(path, name))),
    stats.mtimeMs,
  )
}

/** Why the build must be made again, or undefined when it is complete and newer than its sources. */
export function webBuildStaleness() {
  if (!existsSync(builtIndex)) return 'no build'
  const built = statSync(builtIndex).mtimeMs
  const changed = webSources.find(
    (source) => existsSync(join(root, source)) && newestChange(join(root, source)) > built,
  )
  if (changed) return `${changed} changed`
  const unencoded = missingPrecompressed().length
  if (unencoded > 0) return `${unencoded} files lack their .br/.gz`
  return undefined
}

/**
 * Runs a command in a process group of its own and passes SIGINT and SIGTERM on to the whole group (npm, its
 * shell, vite), so that stopping `npm start` while it builds stops the build too instead of leaving it orphaned.
 * @param {string} command @param {string[]} args
 * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null }>}
 */
export async function runStoppable(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true })
  /** @param {NodeJS.Signals} signal */
  const forward = (signal) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal)
    } catch {
      // The group has already gone.
    }
  }
  process.on('SIGINT', forward)
  process.on('SIGTERM', forward)
  try {
    const [code, signal] = await once(child, 'exit')
    return { code, signal }
  } finally {
    process.off('SIGINT', forward)
    process.off('SIGTERM', forward)
  }
}

/** Builds apps/web (vite build + precompression) when stale; exits the process if the build fails or is stopped. */
export async function ensureWebBuild() {
  const reason = webBuildStaleness()
  if (reason === undefined) return
  console.log(`Building the mini-app (apps/web: ${reason})...`)
  const build = await runStoppable('npm', ['run', 'build', '-w', 'apps/web'])
  if (build.code !== 0) process.exit(build.code ?? 1)
}

const consoleDist = join(root, 'apps/console/dist')
const consoleSources = [
  'apps/console/src',
  'apps/console/index.html',
  'apps/console/vite.config.ts',
  'apps/console/package.json',
  'packages/contract/src',
]

/** Why the operator console's build (apps/console/dist, served at /console) must be made again, or undefined. */
export function consoleBuildStaleness() {
  const index = join(consoleDist, 'index.html')
  if (!existsSync(index)) return 'no build'
  const built = statSync(index).mtimeMs
  const changed = consoleSources.find(
    (source) => existsSync(join(root, source)) && newestChange(join(root, source)) > built,
  )
  if (changed) return `${changed} changed`
  const unencoded = missingPrecompressed(consoleDist).length
  if (unencoded > 0) return `${unencoded} files lack their .br/.gz`
  return undefined
}

/** Builds apps/console (vite build + precompression) when stale; exits the process if the build fails. */
export async function ensureConsoleBuild() {
  const reason = consoleBuildStaleness()
  if (reason === undefined) return
  console.log(`Building the operator console (apps/console: ${reason})...`)
  const build = await runStoppable('npm', ['run', 'build', '-w', 'apps/console'])
  if (build.code !== 0) process.exit(build.code ?? 1)
}
