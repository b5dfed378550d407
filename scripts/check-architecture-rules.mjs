// Proves that biome.json's architecture rules still fire: plants one file per rule where the rule applies,
// each with imports that must be refused and imports that must pass, lints them, then removes them.
// A rule that silently stopped matching (a renamed folder, a changed glob) fails here instead of letting
// the next violation through.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const tag = `zz-architecture-check-${process.pid}`
const CYCLE = 'lint/suspicious/noImportCycles'
const RESTRICTED = 'lint/style/noRestrictedImports'

/** Each planted file: `refused` imports must raise `rule` with a message containing `says`; `allowed` must not. */
const plants = [
  {
    file: `apps/web/src/features/accounts/components/${tag}.ts`,
    says: 'Web features never import each other',
    refused: ['../../invoices/invoice-status.ts', '../../../features/payment-requests/digits.ts'],
    allowed: ['../account-status.ts', '../../../lib/format.ts', '../../../components/ui/badge.tsx'],
  },
  {
    file: `apps/web/src/features/accounts/${tag}.ts`,
    says: 'Web features never import each other',
    refused: ['../invoices/invoice-status.ts'],
    allowed: ['./account-status.ts', '../../lib/format.ts'],
  },
  {
    file: `apps/web/src/lib/${tag}.ts`,
    says: 'Shared web code (components, lib, hooks, config, test helpers) never imports a feature',
    refused: ['../features/accounts/account-status.ts'],
    allowed: ['./format.ts', '../hooks/use-countdown.ts'],
  },
  {
    file: `apps/web/src/components/ui/${tag}.ts`,
    says: 'Shared web code (components, lib, hooks, config, test helpers) never imports a feature',
    refused: ['../../features/invoices/invoice-status.ts'],
    allowed: ['./badge.tsx'],
  },
  {
    file: `apps/web/src/app/${tag}.ts`,
    says: 'never imports server code',
    refused: ['@app/server', '../../../server/src/config.ts', '../../../../apps/server/src/config.ts'],
    allowed: ['../features/accounts/account-status.ts', '@app/contract'],
  },
  {
    file: `apps/web/test/helpers/${tag}.ts`,
    says: 'Shared web code (components, lib, hooks, config, test helpers) never imports a feature',
    refused: ['../../src/features/invoices/invoice-status.ts'],
    allowed: ['./fake-server.ts', '../../src/lib/format.ts'],
  },
  {
    file: `apps/web/test/features/accounts/${tag}.ts`,
    says: 'never imports server code',
    refused: ['@app/server', '../../../../server/src/config.ts'],
    allowed: ['../../../src/features/accounts/account-status.ts', '../../helpers/fake-server.ts'],
  },
  {
    file: `packages/contract/src/${tag}.ts`,
    says: 'The contract imports nothing of ours',
    refused: ['@app/server', '@app/web', '../../../apps/server/src/config.ts', '../../other/src/index.ts'],
    allowed: ['./common.ts', 'zod'],
  },
  {
    file: `apps/server/src/${tag}.ts`,
    says: 'Production server code (apps/server/src) never imports the development tools',
    refused: ['../dev/dev-tools.ts', '../dev/simulator/index.ts', '@app/server/dev/dev-tools.ts'],
    allowed: ['./dev-tools.ts', './app.ts', 'fastify'],
  },
  {
    file: `apps/server/src/modules/bot/${tag}.ts`,
    says: 'Production server code (apps/server/src) never imports the development tools',
    refused: ['../../../dev/fake-bot-api/server.ts', '../../../dev/demo/demo-data.ts'],
    allowed: ['./client.ts', '../../dev-tools.ts', '../settings/repository.ts'],
  },
  {
    file: `apps/ops-cli/src/${tag}.ts`,
    says: 'The operator CLI imports only the contract',
    refused: ['@app/server', '../../server/src/config.ts', '../../../apps/server/src/app.ts'],
    allowed: ['./client.ts', '@app/contract/ops', 'commander'],
  },
  {
    file: `apps/console/src/${tag}.ts`,
    says: 'The operator console imports only the contract',
    refused: ['@app/server', '@app/web', '../../server/src/config.ts', '../../web/src/main.tsx'],
    allowed: ['./app.tsx', '@app/contract/ops', 'react'],
  },
  {
    file: `apps/console/src/screens/${tag}.ts`,
    says: 'The operator console imports only the contract',
    refused: ['@app/server/src/app.ts', '../../../server/src/config.ts', '../../../web/src/lib/i18n.ts'],
    allowed: ['../lib/api.ts', './overview.tsx', '@app/contract'],
  },
  {
    file: `apps/console/test/screens/${tag}.ts`,
    says: "The operator console's tests import the console and the contract only",
    refused: [
      '@app/server',
      '@app/web/src/main.tsx',
      '../../../server/src/config.ts',
      '../../../web/src/lib/i18n.ts',
    ],
    allowed: ['../../src/screens/overview.tsx', '../helpers/test-harness.tsx', '@app/contract/ops'],
  },
]

const cycle = [`apps/server/src/${tag}-a.ts`, `apps/server/src/${tag}-b.ts`]

const written = []
function plant(file, text) {
  const path = join(root, file)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
  written.push(path)
}

const failures = []
try {
  for (const { file, refused, allowed } of plants) {
    const imports = [...refused, ...allowed].map((spec, i) => `import * as m${i} from '${spec}'`)
    plant(file, `${imports.join('\n')}\nexport const all = [${imports.map((_, i) => `m${i}`).join(', ')}]\n`)
  }
  plant(cycle[0], `import { b } from './${tag}-b.ts'\nexport const a = (): unknown => b\n`)
  plant(cycle[1], `import { a } from './${tag}-a.ts'\nexport const b = (): unknown => a\n`)

  const files = [...plants.map((p) => p.file), ...cycle]
  const run = spawnSync('npx', ['biome', 'lint', '--reporter=json', '--max-diagnostics=none', ...files], {
    cwd: root,
    encoding: 'utf8',
  })
  const report = JSON.parse(run.stdout)
  const found = (file, line, category) =>
    report.diagnostics.filter(
      (d) => d.location?.path === file && d.location.start?.line === line && d.category === category,
    )

  for (const { file, says, refused, allowed } of plants) {
    refused.forEach((spec, i) => {
      const hits = found(file, i + 1, RESTRICTED)
      if (!hits.some((d) => d.message.includes(says))) failures.push(`${file}: '${spec}' was not refused`)
    })
    allowed.forEach((spec, i) => {
      if (found(file, refused.length + i + 1, RESTRICTED).length > 0)
        failures.push(`${file}: '${spec}' was refused but is allowed`)
    })
  }
  for (const file of cycle) {
    if (found(file, 1, CYCLE).length === 0)
      failures.push(`${file}: the planted import cycle was not reported`)
  }
} finally {
  for (const path of written) rmSync(path, { force: true })
}

// One place for tests per workspace, its test/ folder (docs/architecture.md 'Tests'): a test file under src/ would
// not run at all (each Vitest config includes test/ only), so it fails here instead.
for (const workspace of ['packages/contract', 'apps/server', 'apps/ops-cli', 'apps/web', 'apps/console']) {
  const src = join(root, workspace, 'src')
  if (!existsSync(src)) continue
  for (const entry of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (/(^|\/)__tests__(\/|$)|\.test\.[cm]?[jt]sx?$/.test(entry))
      failures.push(`${workspace}/src/${entry}: tests live in ${workspace}/test, not under src`)
  }
}

if (failures.length > 0) {
  console.error(
    `architecture rules: ${failures.length} problem(s) (a planted case that went wrong, or a test under src/)\n${failures.join('\n')}`,
  )
  process.exit(1)
}
console.log(
  `architecture rules: all ${plants.length} restricted-import plants and the import cycle were caught; no test under src/`,
)
