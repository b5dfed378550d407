/** CSV exports of a period (docs/console.md, 'Exports'): the file streamed as it is read, audited by the service. */
import { opsExportCalls as calls, EXPORT_KINDS } from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const exportsOpsRoutes: FastifyPluginAsyncZod<WithServices<'exports'>> = async (app, { services }) => {
  for (const kind of EXPORT_KINDS)
    route(app, calls[kind], async (request, reply) => {
      const { stream, fileName } = services.exports.csv(kind, request.query, request.operator)
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is read, past the response serializer; the schema (text) types what it holds.
          .send(stream as unknown as string)
      )
    })
}
export default exportsOpsRoutes
