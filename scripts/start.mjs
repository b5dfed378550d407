// @ts-check
// `npm start`: builds the mini-app and the operator console when missing or stale (scripts/web-build.mjs), then runs the
// server (embedded PGlite in ./data, sandbox provider, demo data and the simulator unless configured otherwise).
// Outside production it runs the development entry, which adds the development tools (apps/server/dev: simulator,
// demo data, fake Bot API); with NODE_ENV=production the production entry, which never loads them.
// SKIP_WEB_BUILD=1 skips the build check (the start-up tests, which do not need the mini-app).
//
// Stopping: SIGINT (Ctrl-C, PM2) and SIGTERM (systemd, Docker) are passed on to the server, and this script exits
// with the server's exit code once the server has stopped (released the data-folder lock). npm passes a signal
// it gets to its script's process, which npm starts through `sh -c`; a shell would not pass it on (Debian's dash
// catches SIGINT and keeps waiting, and dies of SIGTERM), so package.json's start is `exec node scripts/start.mjs`:
// the shell becomes this script. When its parent dies without a word (npm SIGKILLed by a supervisor whose
// stop timed out), the script stops the server too.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureConsoleBuild, ensureWebBuild } from './web-build.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const PARENT_CHECK_MS = 300

if (process.env.SKIP_WEB_BUILD !== '1') {
  await ensureWebBuild()
  await ensureConsoleBuild()
}

const entry =
  process.env.NODE_ENV === 'production' ? 'apps/server/src/server.ts' : 'apps/server/dev/server.ts'
// Node runs the TypeScript itself (type stripping, Node 22.18+): no compiler and no loader at run time. The sources use
// only erasable syntax (tsconfig's erasableSyntaxOnly), and the contract package, a workspace symlink, resolves to
// packages/contract outside node_modules, where Node strips types (it refuses under node_modules).
const server = spawn(process.execPath, [join(root, entry)], {
  cwd: process.cwd(),
  stdio: 'inherit',
})

/** @param {NodeJS.Signals} signal */
function stopServer(signal) {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal)
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => stopServer(signal))

// process.ppid is read afresh each time: once the parent is gone, this process has been given to another
// (init). Comparing it needs no probe of the old pid, which a new process may since have reused.
const parent = process.ppid
const parentWatch = setInterval(() => {
  if (process.ppid !== parent) stopServer('SIGTERM')
}, PARENT_CHECK_MS)

server.on('exit', (code, signal) => {
  clearInterval(parentWatch)
  process.exit(code ?? (signal ? 1 : 0))
})
