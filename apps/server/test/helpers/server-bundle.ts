/**
 * The server's two entries bundled by esbuild once per test run, for the tests that spawn servers by the dozen (end to
 * end, SIGKILLs, outages, crashes). From the bundle a start takes about a third less CPU and is healthy sooner than
 * from the source, where Node resolves, reads and strips some 1,350 modules (docs/measurements/ci.md). The start from
 * the source, as `npm start` runs it, keeps its own tests (server.test.ts, start-script.test.ts), as the CLI's does.
 *
 * The run's global setup sets TEST_SERVER_BUNDLE_DIR, which the workers inherit; without it (a bench) servers start
 * from the source.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'

const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url))
const ENTRIES = { development: 'apps/server/dev/server.ts', production: 'apps/server/src/server.ts' }
const BUNDLE_DIR = 'TEST_SERVER_BUNDLE_DIR'

/** Each file keeps its own import.meta.url, so what the server reads beside its code (migrations) is found. */
const keepImportMetaUrl: Plugin = {
  name: 'keep-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\/apps\/server\/(src|dev)\/.*\.ts$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8')
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
        loader: 'ts',
      }
    })
  },
}

/**
 * Bundles the entries (both unless told) into a new folder under test-output (inside the repository: the packages left out are
 * loaded from its node_modules), names it in the environment and returns its removal.
 */
export async function bundleServerEntries(
  modes: (keyof typeof ENTRIES)[] = ['development', 'production'],
): Promise<() => void> {
  const parent = join(REPO_ROOT, 'test-output')
  mkdirSync(parent, { recursive: true })
  const dir = mkdtempSync(join(parent, 'server-bundle-'))
  await Promise.all(
    modes.map((mode) =>
      build({
        entryPoints: [join(REPO_ROOT, ENTRIES[mode])],
        outfile: join(dir, `${mode}.mjs`),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node24',
        logLevel: 'warning',
        plugins: [keepImportMetaUrl],
        // Packages with files of their own beside their code: PGlite's WebAssembly, argon2's native addon,
        // pino's worker and the flags read one by one; and grammY, whose requests fail bundled (its fetch shim).
        external: [
          '@electric-sql/pglite',
          '@node-rs/argon2',
          'pino',
          'thread-stream',
          'country-flag-icons/*',
          'grammy',
        ],
        // CommonJS packages call require(): an ES module bundle needs one.
        banner: {
          js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
        },
      }),
    ),
  )
  process.env[BUNDLE_DIR] = dir
  return () => rmSync(dir, { recursive: true, force: true })
}

/**
 * Node flags for a server or tool process a test spawns. V8 compiles PGlite's WebAssembly twice in a new process: at
 * once with Liftoff, then again with TurboFan on background threads, which costs more than most test servers' whole
 * work (docs/measurements/ci.md; a run spawns about 90). Liftoff alone runs queries somewhat slower. Long-lived
 * processes (the test workers, production) keep both tiers.
 */
export const SPAWNED_NODE_FLAGS = ['--liftoff-only']

/** The file `node` runs for a server in this mode: the run's bundle of it if it has one, else the source entry. */
function serverEntry(mode: keyof typeof ENTRIES, from: 'bundle' | 'source'): string {
  const dir = process.env[BUNDLE_DIR]
  const bundled = dir && from === 'bundle' ? join(dir, `${mode}.mjs`) : undefined
  return bundled && existsSync(bundled) ? bundled : join(REPO_ROOT, ENTRIES[mode])
}

/** The arguments `node` takes to run a test server in this mode: the spawned-process flags, then the entry. */
export function serverArgs(mode: keyof typeof ENTRIES, from: 'bundle' | 'source' = 'bundle'): string[] {
  return [...SPAWNED_NODE_FLAGS, serverEntry(mode, from)]
}
