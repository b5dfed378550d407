// Proves that each kind of rule in .dependency-cruiser.mjs still fires: in a temporary tree that mirrors the
// repository's paths, plants files whose imports must be refused by a named rule (or must pass), runs
// dependency-cruiser with the real config, then again without the plants, which must pass. Every import target
// must exist in the repository too, so a renamed folder fails here instead of switching a rule off silently.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const OK = null

/** Planted file -> [import, rule that must refuse it (OK: none)]. `import type` where the spec starts with 'type '. */
const plants = {
  'apps/web/src/lib/zz-cycle-a.ts': [['type ./zz-cycle-b.ts', 'no-cycle']],
  'apps/web/src/lib/zz-cycle-b.ts': [['type ./zz-cycle-a.ts', 'no-cycle']],
  'apps/web/src/lib/zz-missing.ts': [['./zz-not-there.ts', 'resolvable']],
  'apps/web/src/lib/zz-plant.test.ts': [['./format.ts', 'tests-in-test']],
  'apps/server/src/zz-plant.ts': [
    ['../dev/dev-tools.ts', 'production-without-tooling'],
    ['../test/helpers/app.ts', 'production-without-tooling'],
    ['./dev-tools.ts', OK],
  ],
  'packages/contract/src/zz-plant.ts': [
    ['../../../apps/server/src/config.ts', 'contract-imports-nothing-of-ours'],
    ['./index.ts', OK],
  ],
  'apps/web/src/app/zz-plant.ts': [
    ['../../../server/src/config.ts', 'apps-share-only-the-contract'],
    ['../../../console/src/lib/api.ts', 'apps-share-only-the-contract'],
    ['../features/accounts/account-status.ts', OK],
  ],
  'apps/web/src/features/accounts/components/zz-plant.ts': [
    ['../../invoices/invoice-status.ts', 'web-features-apart'],
    ['../account-status.ts', OK],
    ['../../../lib/format.ts', OK],
  ],
  'apps/web/test/helpers/zz-plant.ts': [
    ['../../src/features/invoices/invoice-status.ts', 'web-shared-below-features'],
    ['../../src/lib/format.ts', OK],
  ],
  'apps/console/src/screens/zz-plant.tsx': [
    ['type ./overview.tsx', 'console-screens-apart'],
    ['../lib/api.ts', OK],
  ],
  'apps/console/src/lib/zz-plant.ts': [['../screens/overview.tsx', 'console-shared-below-screens']],
  'apps/server/src/modules/settings/zz-plant.ts': [
    ['type ../bot/service.ts', 'server-module-layers'],
    ['../../app.ts', 'server-modules-below-routes'],
    ['../../plugins/authenticate.ts', 'server-modules-below-routes'],
    ['./repository.ts', OK],
    ['../../db/client.ts', OK],
    ['../operators/schema.ts', OK],
  ],
  'apps/server/src/modules/news/schema.ts': [
    ['./service.ts', 'server-floor'],
    ['../users/schema.ts', OK],
    ['../../db/columns.ts', OK],
  ],
  'apps/server/src/modules/bot/zz-plant.ts': [['../settings/repository.ts', OK]],
  'apps/server/src/modules/transactions/zz-plant.ts': [
    ['../invoices/views.ts', 'server-module-layers'],
    ['../bank-cards/repository.ts', OK],
    ['../invoices/schema.ts', OK],
  ],
  'apps/server/src/modules/invoices/zz-plant.ts': [['../transactions/status-rules.ts', OK]],
  'apps/server/src/modules/zz-unlisted/service.ts': [['../../lib/money.ts', 'server-module-on-a-layer']],
  'apps/server/src/db/zz-plant.ts': [
    ['../modules/settings/repository.ts', 'server-floor'],
    ['../lib/money.ts', OK],
    ['../modules/settings/schema.ts', OK],
  ],
  'apps/server/src/plugins/zz-plant.ts': [
    ['../modules/news/routes.ts', 'server-routes-from-the-shell'],
    ['../modules/settings/service.ts', OK],
  ],
}

const tree = mkdtempSync(join(tmpdir(), 'deps-rules-'))
const write = (file, text) => {
  mkdirSync(dirname(join(tree, file)), { recursive: true })
  writeFileSync(join(tree, file), text)
}
const cruise = () => {
  const args = [
    '--config',
    join(root, '.dependency-cruiser.mjs'),
    '--output-type',
    'json',
    'apps',
    'packages',
  ]
  const run = spawnSync(join(root, 'node_modules/.bin/depcruise'), args, { cwd: tree, encoding: 'utf8' })
  const { summary } = JSON.parse(run.stdout)
  return { errors: summary.error, violations: summary.violations }
}

const failures = []
try {
  for (const [file, imports] of Object.entries(plants)) {
    const lines = imports.map(([spec], i) => {
      const [, type, path] = /^(type )?(.*)$/.exec(spec)
      const target = posix.join(posix.dirname(file), path)
      const missing = path.includes('zz-not-there')
      if (!(target in plants) && existsSync(join(root, target)) === missing)
        failures.push(`${file}: '${path}' must ${missing ? 'not ' : ''}exist in the repository`)
      if (!(target in plants || missing)) write(target, '')
      return type ? `import type * as m${i} from '${path}'` : `import '${path}'`
    })
    write(file, `${lines.join('\n')}\nexport {}\n`)
  }

  const withPlants = cruise()
  if (withPlants.errors === 0) failures.push('dependency-cruiser passed with the plants in place')
  for (const [file, imports] of Object.entries(plants)) {
    for (const [spec, expected] of imports) {
      const path = spec.replace(/^type /, '')
      const target = posix.join(posix.dirname(file), path)
      // A cycle is reported once, from either end; an import that does not resolve, by its specifier.
      const refusing = (v) =>
        (v.from === file && (v.to === target || v.to === path)) || (v.from === target && v.to === file)
      const rules = withPlants.violations.filter(refusing).map((v) => v.rule.name)
      if (expected === OK && rules.length > 0) failures.push(`${file}: '${spec}' refused by ${rules}`)
      if (expected !== OK && !rules.includes(expected))
        failures.push(`${file}: '${spec}' not refused by ${expected}`)
    }
  }

  for (const file of Object.keys(plants)) rmSync(join(tree, file))
  const without = cruise()
  if (without.errors !== 0) failures.push(`without the plants: ${JSON.stringify(without.violations)}`)
} finally {
  rmSync(tree, { recursive: true, force: true })
}

if (failures.length > 0) {
  console.error(`dependency rules: ${failures.length} problem(s)\n${failures.join('\n')}`)
  process.exit(1)
}
const kinds = new Set(Object.values(plants).flatMap((imports) => imports.map(([, rule]) => rule)))
console.log(`dependency rules: a planted violation of each of ${kinds.size - 1} rules was refused by name`)
