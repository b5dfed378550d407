/**
 * The two commands on the machine's own Node (issue 41): `npm start`, run by the npm and node a newcomer's shell
 * finds (PATH without any node_modules/.bin), serves the simulator on the project's own Node 24 from
 * node_modules (package.json optionalDependencies). Where the machine's Node is older than `engines`, an entry
 * point run on it says so in one line.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../support/server.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const engines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node as string
const [wantMajor = 0, wantMinor = 0] = engines.replace(/^>=/, '').split('.').map(Number)

/** PATH as the user's shell has it: npm adds every node_modules/.bin on the way up for its scripts. */
const machinePath = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => !dir.includes('node_modules/.bin'))
  .join(delimiter)

function onMachinePath(command: string): string {
  const dir = machinePath.split(delimiter).find((d) => existsSync(join(d, command)))
  if (!dir) throw new Error(`no ${command} on the machine's PATH (${machinePath})`)
  return join(dir, command)
}

const machineNode = onMachinePath('node')
const machineNodeVersion = execFileSync(machineNode, ['--version'], { encoding: 'utf8' }).trim()
const [haveMajor = 0, haveMinor = 0] = machineNodeVersion.slice(1).split('.').map(Number)
const machineNodeIsOld = haveMajor < wantMajor || (haveMajor === wantMajor && haveMinor < wantMinor)

const started: ChildProcess[] = []
const dataDir = mkdtempSync(join(tmpdir(), 'own-node-'))
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

describe(`the machine's own node (${machineNodeVersion} at ${machineNode})`, () => {
  it('npm start serves the simulator on the project Node from node_modules', async () => {
    const port = await freePort()
    let output = ''
    const npm = spawn(onMachinePath('npm'), ['start'], {
      cwd: root,
      env: { ...process.env, PATH: machinePath, PORT: String(port), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    started.push(npm)
    npm.stdout?.on('data', (chunk) => (output += chunk))
    npm.stderr?.on('data', (chunk) => (output += chunk))

    const url = `http://127.0.0.1:${port}`
    await expect
      .poll(
        async () => {
          if (npm.exitCode !== null) throw new Error(`npm start exited ${npm.exitCode}:\n${output}`)
          return (await fetch(`${url}/simulator`).catch(() => undefined))?.status
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(200)

    const owner = JSON.parse(readFileSync(join(dataDir, 'server.lock'), 'utf8')) as { pid: number }
    const serverNode = readlinkSync(`/proc/${owner.pid}/exe`)
    expect(serverNode).toBe(realpathSync(join(root, 'node_modules/.bin/node')))
    const serverVersion = execFileSync(serverNode, ['--version'], { encoding: 'utf8' }).trim()
    const [major = 0, minor = 0] = serverVersion.slice(1).split('.').map(Number)
    expect(major > wantMajor || (major === wantMajor && minor >= wantMinor), serverVersion).toBe(true)

    npm.kill('SIGINT')
    await expect.poll(() => npm.exitCode, { timeout: 20_000 }).not.toBeNull()
  })

  // Only a machine whose node is older than `engines` can show the refusal (CI's: Debian 12 with Node 20).
  it.runIf(machineNodeIsOld)(
    'an entry point run on an older Node says in one line which Node it needs',
    () => {
      const run = spawnSync(machineNode, ['-r', './scripts/require-node.cjs', 'apps/server/src/migrate.ts'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, PATH: machinePath },
      })
      expect(run.status).toBe(1)
      expect(run.stdout).toBe('')
      const lines = run.stderr.trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain(`needs Node ${engines.replace(/^>=/, '')} or newer`)
      expect(lines[0]).toContain(`this is Node ${machineNodeVersion.slice(1)}`)
    },
  )
})
