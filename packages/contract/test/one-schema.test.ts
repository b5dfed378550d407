/*
 * One schema, every side: the server validates requests with it (fastify-type-provider-zod's validator) and
 * serializes answers with it, the mini-app parses those answers with it (the API client's safeParse), its
 * forms validate with it (zodResolver), and the OpenAPI document is generated from it. Each side is the
 * library the app uses, called the way the app calls it.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { FieldValues, ResolverOptions } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { type $ZodType, safeParse } from 'zod/v4/core'
import * as contract from '../src/index.ts'
import {
  AccountListQuerySchema,
  type Dashboard,
  DashboardSchema,
  SubmitAccountPhoneBodySchema,
  TransactionSchema,
  V,
} from '../src/index.ts'
import * as ops from '../src/ops/index.ts'

const dashboard: Dashboard = {
  order: { isOpen: true },
  user: {
    canAddAccount: true,
    canRegisterAccount: false,
    canReferrer: true,
    referrerTelegramId: null,
    email: null,
    phoneCountry: null,
  },
  invoice: {
    isPaymentOpen: true,
    isPaymentOpenIrt: false,
    isPaymentAvailable: true,
    paymentAvailable: 12.5,
    paymentAvailableF: '12.50',
    minPaymentLimit: 10,
    maxPaymentLimit: 1000,
  },
  account: { count: 3 },
  referralsCount: 0,
  news: { unseenCount: 2 },
  supportUnread: 1,
}

/** The server's side: the compiled validator of a route schema, as Fastify calls it. */
function serverValidates(schema: $ZodType, data: unknown) {
  const validate = validatorCompiler({ schema, method: 'POST', url: '/test', httpPart: 'body' })
  return validate(data) as { value?: unknown; error?: { message: string }[] }
}

/** The server's answer: the compiled serializer, then the body text the client receives. */
function serverSends(schema: $ZodType, data: unknown): string {
  const serialize = serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' })
  return serialize(data)
}

/** The mini-app's forms: react-hook-form's resolver over the schema. */
async function formErrors(schema: $ZodType<FieldValues, FieldValues>, values: FieldValues) {
  const options: ResolverOptions<FieldValues> = { fields: {}, shouldUseNativeValidation: false }
  const { errors } = await zodResolver(schema)(values, undefined, options)
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]))
}

describe('one schema on every side', () => {
  it("the server's answer parses on the client into the same value", () => {
    const text = serverSends(DashboardSchema, dashboard)
    const parsed = safeParse(DashboardSchema, JSON.parse(text))
    expect(parsed.success).toBe(true)
    expect(parsed.data).toEqual(dashboard)
  })

  it('an answer the contract refuses fails on the server before it leaves, and on the client', () => {
    const spoiled = { ...dashboard, account: { count: -1 } }
    expect(() => serverSends(DashboardSchema, spoiled)).toThrow()
    expect(safeParse(DashboardSchema, spoiled).success).toBe(false)
  })

  it('a request body: the server and the form give the same verdict and the same message key', async () => {
    expect(
      serverValidates(SubmitAccountPhoneBodySchema, { phone: ' +989121234567 ', submitType: 'login' }),
    ).toEqual({ value: { phone: '+989121234567', submitType: 'login' } })
    const bad = { phone: '123', submitType: 'login' }
    const server = serverValidates(SubmitAccountPhoneBodySchema, bad)
    expect(server.error?.map((issue) => issue.message)).toEqual([V.phoneInvalid])
    expect(await formErrors(SubmitAccountPhoneBodySchema, bad)).toEqual({ phone: V.phoneInvalid })
    expect(await formErrors(SubmitAccountPhoneBodySchema, { phone: '', submitType: 'login' })).toEqual({
      phone: V.phoneRequired,
    })
  })

  it('the OpenAPI transform describes requests as sent and answers as received', () => {
    const route = {
      schema: { querystring: AccountListQuerySchema, response: { 200: TransactionSchema } },
      url: '/test',
      route: { method: 'GET', url: '/test' },
      openapiObject: { openapi: '3.1.0' },
    } as unknown as Parameters<typeof jsonSchemaTransform>[0]
    const { schema } = jsonSchemaTransform(route) as {
      schema: { querystring: { properties: Record<string, unknown> }; response: Record<string, unknown> }
    }
    // The query's JSON parameters are strings on the wire; size has its default.
    expect(schema.querystring.properties.filters).toMatchObject({ type: 'string' })
    expect(schema.querystring.properties.size).toMatchObject({ type: 'integer', default: 24 })
    expect(schema.response[200]).toMatchObject({ type: 'object', required: expect.arrayContaining(['uid']) })
  })
})

describe('every schema of the contract', () => {
  const exported: [string, unknown][] = [...Object.entries(contract), ...Object.entries(ops)]
  const schemas = exported.filter(
    (entry): entry is [string, z.ZodMiniType] => entry[1] instanceof z.ZodMiniType,
  )

  it('is zod/mini (one form for the server, the CLI, the forms and the client)', () => {
    expect(schemas.length).toBeGreaterThan(80)
    for (const [name, value] of exported) {
      if (name.endsWith('Schema')) expect(value instanceof z.ZodMiniType, name).toBe(true)
    }
  })

  it('has a JSON Schema for OpenAPI, as a request and (answers) as a response', () => {
    for (const [name, schema] of schemas) {
      expect(() => z.toJSONSchema(schema, { io: 'input' }), name).not.toThrow()
      // Query strings carry JSON text that a transform parses: they are requests only.
      if (!/Query(Schema)?$/.test(name)) {
        expect(() => z.toJSONSchema(schema, { io: 'output' }), name).not.toThrow()
      }
    }
  })
})
