/**
 * Country flags served by our own origin (no outside host): GET /flags/IR.svg.
 * Only the codes country-flag-icons ships are answered; the images never change, so they are cached long.
 */
import { hasFlag } from 'country-flag-icons'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { notFound } from '#lib/domain-error.ts'

/** Each flag is imported at its first request: the index of every flag was 266 of a start's 2,073 modules. */
const svgs = new Map<string, Promise<string>>()
function svgOf(code: string): Promise<string> {
  let svg = svgs.get(code)
  if (svg === undefined) {
    // @vite-ignore: Node resolves it; the tests' Vite would warn on every run that it cannot.
    svg = import(/* @vite-ignore */ `country-flag-icons/string/3x2/${code}`).then(
      (module: { default: string }) => module.default,
    )
    svgs.set(code, svg)
  }
  return svg
}

const flagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/flags/:file',
    // A file of the app's, outside the per-address limit as its words are (modules/locales/routes.ts).
    {
      config: { rateLimit: false },
      schema: { params: z.object({ file: z.string().check(z.maxLength(16)) }) },
    },
    async (request, reply) => {
      const code = /^([A-Za-z]{2})\.svg$/.exec(request.params.file)?.[1]?.toUpperCase()
      if (code === undefined || !hasFlag(code)) throw notFound('Unknown flag')
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('image/svg+xml')
        .send(await svgOf(code))
    },
  )
}
export default flagRoutes
