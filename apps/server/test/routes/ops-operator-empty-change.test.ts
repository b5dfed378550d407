/**
 * Found by the fuzzer (docs/resilience.md): PATCH /ops/operators/:login with an empty body `{}` reached the update
 * with nothing to set, which the query builder refuses: a 500. It is a 400 now, and the operator is unchanged.
 */
import { describe, expect, it } from 'vitest'
import { bearer, TEST_OPS_TOKEN, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'

describe.each(DATABASE_KINDS)('an empty operator change on %s', (kind) => {
  const t = useTestApp(kind)
  const ops = bearer(TEST_OPS_TOKEN)

  it('is a 400, not a 500, and changes nothing', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/ops/operators',
      headers: ops,
      payload: { login: 'empty-change', role: 'viewer' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/ops/operators/empty-change',
      headers: ops,
      payload: {},
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
    const list = await t.app.inject({ method: 'GET', url: '/ops/operators', headers: ops })
    expect(JSON.stringify(list.json())).toMatch(
      /"login":"empty-change".*?"role":"viewer"|"role":"viewer".*?"login":"empty-change"/,
    )
  })

  it('a real change still passes', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/ops/operators/empty-change',
      headers: ops,
      payload: { role: 'operator' },
    })
    expect(response.statusCode, response.body).toBe(200)
  })
})
