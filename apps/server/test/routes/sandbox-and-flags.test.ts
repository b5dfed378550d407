import { readFileSync } from 'node:fs'
import { SANDBOX_HEADER, SandboxScenariosSchema } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { renderScenarioTable } from '#providers/sandbox/scenario-table.ts'
import { SANDBOX_SCENARIOS } from '#providers/sandbox/scenarios.ts'
import { authorize, bearer, buildAppOn, useTestApp } from '../helpers/app.ts'
import { freshTelegramUser } from '../helpers/init-data.ts'

describe('sandbox scenarios and flags', () => {
  const t = useTestApp('pglite', { config: { isProduction: true, simulator: false } })

  it('GET /sandbox/scenarios is not served without the simulator (its table holds codes and a 2FA password)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/sandbox/scenarios',
      headers: { accept: 'application/json' },
    })
    expect(response.statusCode).toBe(404)
  })

  it('docs/sandbox-provider.md shows the same table as the module', () => {
    const doc = readFileSync(new URL('../../../../docs/sandbox-provider.md', import.meta.url), 'utf8')
    expect(doc).toContain(renderScenarioTable())
  })
  it('serves allow-listed flags with a long cache, 404 otherwise', async () => {
    const flag = await t.app.inject({ method: 'GET', url: '/flags/IR.svg', headers: { accept: 'image/*' } })
    expect(flag.statusCode).toBe(200)
    expect(flag.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(flag.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(flag.body).toMatch(/^<svg/)
    for (const url of [
      '/flags/XX.svg',
      '/flags/IR.png',
      '/flags/..%2Fpackage.json',
      '/flags/constructor.svg',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
  })
})

describe('sandbox scenarios beside the simulator', () => {
  const t = useTestApp('pglite', { config: { simulator: true } })

  it('GET /sandbox/scenarios answers the table', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/scenarios' })
    expect(response.statusCode).toBe(200)
    const table = SandboxScenariosSchema.parse(response.json())
    expect(table).toHaveLength(SANDBOX_SCENARIOS.length)
    expect(table.find((s) => s.phone === '+989120000002')).toMatchObject({
      code: '12345',
      password: 'sandbox-2fa',
    })
    expect(table.find((s) => s.phone === '+989120000006')).toMatchObject({ code: null })
    const labels = table.map((s) => s.demonstrates).join('\n')
    for (const label of [
      'Multi Session',
      '2FA Failed',
      'Login Failed',
      'Connection Failed',
      'Used',
      'Frozen',
      'MF',
      'CF',
    ]) {
      expect(labels).toContain(`'${label}'`)
    }
  })
})

describe('the sandbox notice on every answer (the mini-app banner, docs/web.md)', () => {
  const t = useTestApp('pglite')

  it('development on the sandbox (the default) sends no notice', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/locales/en/common.json' })
    expect(response.statusCode).toBe(200)
    expect(response.headers[SANDBOX_HEADER]).toBeUndefined()
  })

  it('production with ACCOUNT_PROVIDER=sandbox sends it on translations, calls, errors and the page', async () => {
    const app = await buildAppOn(t, {
      config: { isProduction: true, accountProvider: 'sandbox', simulator: false },
    })
    try {
      const { accessToken } = await authorize(app, freshTelegramUser())
      const answers = [
        await app.inject({ method: 'GET', url: '/locales/fa/common.json' }),
        await app.inject({ method: 'GET', url: '/dashboard', headers: bearer(accessToken) }),
        await app.inject({ method: 'GET', url: '/invoices/not-a-uid', headers: bearer(accessToken) }),
        await app.inject({ method: 'GET', url: '/dashboard' }),
        await app.inject({ method: 'GET', url: '/no-such-call', headers: { accept: 'application/json' } }),
      ]
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 400, 401, 404])
      for (const answer of answers) expect(answer.headers[SANDBOX_HEADER]).toBe('on')
    } finally {
      await app.close()
    }
  })
})
