/**
 * GET /locales/:lng/:ns.json — translation files from the repository's `locales/` folder.
 * The file path comes from an allow-list built from the contract's LANGUAGES x NAMESPACES; request
 * input is only ever used as a lookup key, never joined into a path, so nothing can escape the folder.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LANGUAGES, localeCalls, NAMESPACES, TranslationsSchema } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { notFound } from '#lib/domain-error.ts'
import { route } from '#lib/route.ts'
import type { MissingKeysRecorder } from './missing-keys.ts'

/** Short: translations change with deployments, and the ETag makes revalidation cheap. */
const CACHE_CONTROL = 'public, max-age=300'

function localeFiles(localesDir: string): Map<string, string> {
  const files = new Map<string, string>()
  for (const lng of LANGUAGES) {
    for (const ns of NAMESPACES) files.set(`${lng}/${ns}.json`, join(localesDir, lng, `${ns}.json`))
  }
  return files
}

/** A report of missing keys is small: a screen's worth of keys at most. */
const ADD_BODY_LIMIT = 16 * 1024

type LocalesOptions = {
  localesDir: string
  /** Development only: where reported missing keys go. Undefined (production): POST /locales/add is 404. */
  missingKeys: MissingKeysRecorder | undefined
}

async function keysOf(file: string): Promise<Set<string>> {
  try {
    return new Set(Object.keys(JSON.parse(await readFile(file, 'utf8')) as object))
  } catch {
    return new Set()
  }
}

const localesRoutes: FastifyPluginAsyncZod<LocalesOptions> = async (app, { localesDir, missingKeys }) => {
  const files = localeFiles(localesDir)

  if (missingKeys) {
    route(app, localeCalls.addMissing, { bodyLimit: ADD_BODY_LIMIT }, async (request) => {
      const { lng, ns } = request.params
      const known = await keysOf(files.get(`${lng}/${ns}.json`) ?? '')
      return { recorded: await missingKeys.record(lng, ns, request.body, known) }
    })
  }

  // An invalid language or namespace is "no such file" (404), not a malformed request (400). Outside the
  // per-address limit, as the app's other files: many phones share one address behind a carrier's NAT, and a
  // 429 here would show a new user raw keys (4xx is not retried).
  route(
    app,
    localeCalls.get,
    { attachValidation: true, config: { rateLimit: false } },
    async (request, reply) => {
      const missing = notFound('Translation file not found')
      if (request.validationError) throw missing
      const file = files.get(`${request.params.lng}/${request.params.ns}`)
      if (file === undefined) throw missing
      let text: string
      try {
        text = await readFile(file, 'utf8')
      } catch {
        throw missing
      }
      const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`
      reply.header('cache-control', CACHE_CONTROL).header('etag', etag)
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(undefined)
      return TranslationsSchema.parse(JSON.parse(text))
    },
  )
}
export default localesRoutes
