import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { defineEndpoint, type Endpoint, urlOf } from '../src/endpoint.ts'
import * as users from '../src/index.ts'
import { OPS_ENDPOINTS } from '../src/ops/index.ts'
import { readAnswer } from '../src/read-answer.ts'

/** Every user's call: the members of the `*Calls` namespaces. */
const USER_ENDPOINTS: Endpoint[] = Object.entries(users)
  .filter(([name]) => name.endsWith('Calls'))
  .flatMap(([, group]) => Object.values(group as Record<string, Endpoint>))

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value

describe('endpoint declarations', () => {
  it('the namespaces hold declarations only, each call once', () => {
    const all = [...USER_ENDPOINTS, ...OPS_ENDPOINTS]
    expect(USER_ENDPOINTS.length).toBeGreaterThan(30)
    expect(OPS_ENDPOINTS.length).toBeGreaterThan(30)
    expect(all.filter((endpoint) => !isEndpoint(endpoint))).toEqual([])
    const calls = all.map((endpoint) => `${endpoint.method} ${endpoint.path}`)
    expect(calls.filter((call, index) => calls.indexOf(call) !== index)).toEqual([])
  })

  it('says who may make each call: a role under /ops, a token elsewhere', () => {
    for (const endpoint of OPS_ENDPOINTS) {
      expect(endpoint.path, endpoint.path).toMatch(/^\/ops\//)
      expect(['viewer', 'operator', 'admin', 'public']).toContain(endpoint.role)
      expect(endpoint.auth).toBeUndefined()
    }
    for (const endpoint of USER_ENDPOINTS) {
      expect(endpoint.path).not.toMatch(/^\/ops\//)
      expect(['access', 'none', 'optional', 'refresh']).toContain(endpoint.auth)
      expect(endpoint.role).toBeUndefined()
    }
  })
})

describe('urlOf', () => {
  const things = defineEndpoint({
    method: 'GET',
    path: '/things/:id/parts/:part',
    auth: 'access',
    params: z.object({ id: z.string(), part: z.string() }),
    query: z.object({ a: z.optional(z.string()), b: z.optional(z.number()) }),
    responses: { 200: z.object({ ok: z.boolean() }) },
  })

  it('fills in the path parameters, each encoded', () => {
    expect(urlOf(things, { params: { id: 'a b/c', part: 'ü' } })).toBe('/things/a%20b%2Fc/parts/%C3%BC')
  })

  it('leaves out query values that are unset, null or empty', () => {
    expect(
      urlOf(things, { params: { id: '1', part: '2' }, query: { a: '', b: 3, c: undefined, d: null } }),
    ).toBe('/things/1/parts/2?b=3')
    expect(urlOf(things, { params: { id: '1', part: '2' } })).toBe('/things/1/parts/2')
  })
})

describe('readAnswer', () => {
  const made = defineEndpoint({
    method: 'POST',
    path: '/made',
    auth: 'access',
    body: null,
    responses: {
      200: z.object({ id: z.string() }),
      201: z.object({ id: z.string(), fresh: z.literal(true) }),
      204: z.null(),
      409: z.object({ code: z.string() }),
    },
  })

  it('reads a success with the schema of its status', () => {
    expect(readAnswer(made, 200, { id: 'x' })).toEqual({ ok: true, data: { id: 'x' } })
    expect(readAnswer(made, 201, { id: 'x', fresh: true })).toEqual({
      ok: true,
      data: { id: 'x', fresh: true },
    })
    expect(readAnswer(made, 201, { id: 'x' }).ok).toBe(false)
  })

  it('a 204 has no body: it reads as null', () => {
    expect(readAnswer(made, 204, undefined)).toEqual({ ok: true, data: null })
  })

  it('a status the call does not declare as a success is not data', () => {
    expect(readAnswer(made, 202, { id: 'x' }).ok).toBe(false)
    expect(readAnswer(made, 409, { code: 'X' }).ok).toBe(false)
  })
})
