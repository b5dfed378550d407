/** GET /sandbox/scenarios: the sandbox provider's table, for testers and tools (registered only with the sandbox). */
import { SandboxScenariosSchema } from '@app/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { publicScenarios } from '#providers/sandbox/scenarios.ts'

const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sandbox/scenarios', { schema: { response: { 200: SandboxScenariosSchema } } }, async () =>
    publicScenarios(),
  )
}
export default sandboxRoutes
