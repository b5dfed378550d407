/**
 * Found by the fuzzer (docs/resilience.md): calls answered statuses they did not declare (a body over the limit 413,
 * not JSON 415, malformed JSON on a bodiless call 400), so the document was wrong and a client could not trust a
 * status. Every route declaring its answers with zod now declares the framework's too (plugins/openapi.ts).
 */
import { ErrorResponseSchema } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../helpers/app.ts'

type Document = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }

describe('answers from the framework are declared', () => {
  const t = useTestApp('pglite')

  it.each([
    [
      'a body over the limit',
      '/auth/login',
      'application/json',
      JSON.stringify({ email: 'a'.repeat(70_000) }),
      413,
    ],
    ['a body that is not JSON', '/auth/login', 'text/plain', 'hello', 415],
    ['malformed JSON on a bodiless call', '/auth/refresh', 'application/json', '{"a":', 400],
  ])(
    '%s answers in the error shape, and the document declares the status',
    async (_name, url, type, payload, status) => {
      const response = await t.app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload })
      expect(response.statusCode).toBe(status)
      expect(ErrorResponseSchema.safeParse(response.json()).success, response.body).toBe(true)
      const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Document
      expect(Object.keys(document.paths[url]?.post?.responses ?? {})).toContain(String(status))
    },
  )

  it('every operation declares 400, 413, 415 and 429, and 414 where its path has parameters', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Document
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const statuses = Object.keys(operation.responses)
        const expected = ['400', '413', '415', '429', ...(path.includes('{') ? ['414'] : [])]
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(expected))
      }
    }
  })
})
