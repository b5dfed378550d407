/**
 * Operators' personal API tokens end (docs/console.md, 'Who calls'), on every database: after their life
 * (OPS_API_TOKEN_TTL_DAYS, 90 days by default), with 'log out everywhere', with a credential reset and with a
 * disable; the operators' list says when each was last used, written at most once a minute.
 */
import type { Operator } from '@app/contract/ops'
import { describe, expect, it } from 'vitest'
import { json, useTestApp } from '../helpers/app.ts'
import { DATABASE_KINDS } from '../helpers/database.ts'
import { operatorsOf, testClock } from '../helpers/operators.ts'

const DAY = 24 * 60 * 60

describe.each(DATABASE_KINDS)('operators’ API tokens on %s', (kind) => {
  const clock = testClock()
  const t = useTestApp(kind, { deps: { now: clock.now } })
  const { asAdmin, withToken, enrol, issueToken, login } = operatorsOf(() => t.app, clock, `tok-${kind}`)
  const listed = async (name: string) =>
    json<Operator[]>(await asAdmin('GET', '/ops/operators')).find((o) => o.login === name)

  it('expires 90 days after it was issued by default, with a message that says so', async () => {
    expect(t.config.operators.apiTokenTtlSeconds).toBe(90 * DAY)
    const op = await enrol('operator')
    const token = withToken(await issueToken(op.operator.login))
    const expiresAt = new Date(clock.now().getTime() + 90 * DAY * 1000).toISOString()
    expect(await listed(op.operator.login)).toMatchObject({ hasApiToken: true, apiTokenExpiresAt: expiresAt })
    clock.tick(90 * DAY - 60)
    expect((await token('GET', '/ops/overview')).statusCode).toBe(200)
    clock.tick(61)
    const expired = await token('GET', '/ops/overview')
    expect(expired.statusCode).toBe(401)
    expect(json(expired).message).toMatch(/expired/)
  })

  it('ends with log out everywhere, whether asked from the console or with the token itself', async () => {
    const op = await enrol('operator')
    const token = withToken(await issueToken(op.operator.login))
    const session = await login(op)
    expect(json(await session.call('DELETE', '/ops/sessions'))).toEqual({ sessions: 1 })
    expect((await token('GET', '/ops/overview')).statusCode).toBe(401)
    expect(await listed(op.operator.login)).toMatchObject({ hasApiToken: false, apiTokenExpiresAt: null })

    const second = withToken(await issueToken(op.operator.login))
    expect((await second('DELETE', '/ops/sessions')).statusCode).toBe(200)
    expect((await second('GET', '/ops/overview')).statusCode).toBe(401)
  })

  it('ends with a credential reset, and with a disable (enabled again, the old token stays dead)', async () => {
    const op = await enrol('operator')
    const token = withToken(await issueToken(op.operator.login))
    expect((await asAdmin('POST', `/ops/operators/${op.operator.login}/reset`, {})).statusCode).toBe(200)
    expect((await token('GET', '/ops/overview')).statusCode).toBe(401)

    const next = withToken(await issueToken(op.operator.login))
    const patch = (disabled: boolean) => asAdmin('PATCH', `/ops/operators/${op.operator.login}`, { disabled })
    expect((await patch(true)).statusCode).toBe(200)
    expect((await patch(false)).statusCode).toBe(200)
    expect((await next('GET', '/ops/overview')).statusCode).toBe(401)
  })

  it('records when it was last used, at most once a minute', async () => {
    const op = await enrol('viewer')
    const token = withToken(await issueToken(op.operator.login))
    expect(await listed(op.operator.login)).toMatchObject({ apiTokenLastUsedAt: null })
    clock.tick(5)
    const first = clock.now().toISOString()
    expect((await token('GET', '/ops/overview')).statusCode).toBe(200)
    expect(await listed(op.operator.login)).toMatchObject({ apiTokenLastUsedAt: first })
    clock.tick(30)
    expect((await token('GET', '/ops/ledger')).statusCode).toBe(200)
    expect(await listed(op.operator.login)).toMatchObject({ apiTokenLastUsedAt: first })
    clock.tick(31)
    expect((await token('GET', '/ops/ledger')).statusCode).toBe(200)
    expect(await listed(op.operator.login)).toMatchObject({ apiTokenLastUsedAt: clock.now().toISOString() })
  })
})
