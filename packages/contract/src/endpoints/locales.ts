/** Translation files, and the missing keys the mini-app reports in development (spec section 7). */
import * as z from 'zod/mini'
import { ErrorResponseSchema as e } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import {
  AddMissingKeysBodySchema,
  AddMissingKeysParamsSchema,
  AddMissingKeysResponseSchema,
  LocaleParamsSchema,
  TranslationsSchema,
} from '../locales.ts'

/** `ns` ends in `.json` (`/locales/fa/common.json`); 304 when the ETag still holds. */
export const get = defineEndpoint({
  method: 'GET',
  path: '/locales/:lng/:ns',
  auth: 'none',
  params: LocaleParamsSchema,
  responses: { 200: TranslationsSchema, 304: z.undefined(), 404: e },
})

/** Development only (404 otherwise). */
export const addMissing = defineEndpoint({
  method: 'POST',
  path: '/locales/add/:lng/:ns',
  auth: 'none',
  params: AddMissingKeysParamsSchema,
  body: AddMissingKeysBodySchema,
  responses: { 200: AddMissingKeysResponseSchema, 400: e, 413: e },
})
