/** Saved bank cards of spec section 7, newest-used first for the toman form. */
import { bankCardCalls } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const bankCardRoutes: FastifyPluginAsyncZod<WithServices<'bankCards'>> = async (
  app,
  { services: { bankCards } },
) => {
  app.addHook('preHandler', app.authenticate)

  route(app, bankCardCalls.list, async (request) => {
    const { cursor, size, sorts } = request.query
    return bankCards.list(request.user.id, {
      cursor,
      size,
      order: sorts?.[0]?.direction ?? 'desc',
    })
  })
}
export default bankCardRoutes
