// The server's modules (apps/server/src/modules/*) form a one-way graph: each sits on a layer and imports only
// modules on layers below its own, and the floor (db/, lib/) imports no module. Circles between modules made every
// change to one a change to the other; a declared order keeps the next one out. Type-only imports count too: they
// tie a module to another's shape as much as a call does.
//
// A module's tables (`modules/<name>/schema.ts`) belong to the floor: `db/schema.ts` re-exports them as the one
// schema drizzle-kit reads, any file may import them, and they import only the floor and other modules' tables.
//
// This step checks the tree, then plants a module that imports one above it (and a floor file that imports a
// module) and fails unless both are caught, so that a broken reader cannot pass everything silently.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Lowest first. A module may import the modules of the layers before its own, never its own layer's or later. */
const LAYERS = [
  // Leaves: nothing of ours below them but the floor.
  [
    'settings',
    'invites',
    'news',
    'ledger',
    'orders',
    'bank-cards',
    'signers',
    'idempotency',
    'sign-in-guard',
    'secrets',
    'email-outbox',
    'audit',
    'health',
    'locales',
  ],
  ['referrals', 'auth', 'housekeeping', 'exports', 'metrics', 'rates'],
  ['accounts', 'validation', 'dashboard', 'users', 'email-auth', 'transactions'],
  ['account-submission', 'invoices', 'bot', 'operators'],
]

const root = fileURLToPath(new URL('..', import.meta.url))
const src = join(root, 'apps/server/src')
const modulesDir = join(src, 'modules')
const FLOOR = ['db', 'lib']

const layerOf = new Map(LAYERS.flatMap((names, layer) => names.map((name) => [name, layer])))

function tsFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return tsFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

/** Relative specifiers of a file's static imports and re-exports (type-only included) and dynamic `import()`s. */
function importsOf(text) {
  const specs = []
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;'"`]*?\bfrom\s*['"]([^'"]+)['"]/gm))
    specs.push(m[1])
  for (const m of text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) specs.push(m[1])
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.push(m[1])
  return specs.filter((spec) => spec.startsWith('.'))
}

/** The module a path lies in (`bot` for modules/bot/service.ts), or undefined outside modules/. */
function moduleOf(path) {
  const rel = relative(modulesDir, path)
  return rel.startsWith('..') ? undefined : rel.split(sep)[0]
}

/** The module a path lies in, or undefined on the floor: outside modules/, or a module's tables (schema.ts). */
const layeredModuleOf = (path) => (basename(path) === 'schema.ts' ? undefined : moduleOf(path))

/** Every import that breaks the order, as `file: 'spec' (why)`. */
function layerViolations() {
  const found = []
  for (const dir of readdirSync(modulesDir)) {
    if (!layerOf.has(dir))
      found.push(`apps/server/src/modules/${dir}: a module on no layer (add it to LAYERS)`)
  }
  const files = [...tsFiles(modulesDir), ...FLOOR.flatMap((dir) => tsFiles(join(src, dir)))]
  for (const file of files) {
    const from = layeredModuleOf(file)
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const to = layeredModuleOf(resolve(dirname(file), spec))
      if (to === undefined || to === from) continue
      const where = `${relative(root, file)}: '${spec}'`
      if (from === undefined) found.push(`${where} (the floor, db/ and lib/, imports no module)`)
      else if (!((layerOf.get(to) ?? Infinity) < (layerOf.get(from) ?? -1)))
        found.push(
          `${where} (${from}, layer ${layerOf.get(from)}, may not import ${to}, layer ${layerOf.get(to)})`,
        )
    }
  }
  return found
}

// --- The check, with its plants ---
const tag = `zz-module-layers-check-${process.pid}`
const plants = [
  {
    file: `apps/server/src/modules/settings/${tag}.ts`,
    refused: ['../invoices/views.ts', '../bot/service.ts'],
    allowed: ['../../db/client.ts', '../../lib/money.ts', './repository.ts'],
  },
  {
    file: `apps/server/src/db/${tag}.ts`,
    refused: ['../modules/settings/repository.ts'],
    allowed: ['./client.ts', '../lib/money.ts', '../modules/invoices/schema.ts'],
  },
]

const written = []
const failures = []
try {
  for (const { file, refused, allowed } of plants) {
    const path = join(root, file)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, [...refused, ...allowed].map((spec) => `import '${spec}'\n`).join(''))
    written.push(path)
  }
  const violations = layerViolations()
  const planted = (v) => plants.some((p) => v.startsWith(`${p.file}:`))
  for (const v of violations.filter((v) => !planted(v))) failures.push(v)
  for (const { file, refused, allowed } of plants) {
    for (const spec of refused)
      if (!violations.some((v) => v.startsWith(`${file}: '${spec}'`)))
        failures.push(`${file}: the planted import '${spec}' was not refused`)
    for (const spec of allowed)
      if (violations.some((v) => v.startsWith(`${file}: '${spec}'`)))
        failures.push(`${file}: the planted import '${spec}' was refused but is allowed`)
  }
} finally {
  for (const path of written) rmSync(path, { force: true })
}

if (failures.length > 0) {
  console.error(`module layers: ${failures.length} problem(s)\n${failures.join('\n')}`)
  process.exit(1)
}
console.log(
  `module layers: ${LAYERS.flat().length} modules on ${LAYERS.length} layers, one way; the planted imports were caught`,
)
