/** Operator API for settings: list, problems, pending changes, set (docs/console.md). */
import { opsSettingCalls } from '@app/contract/ops'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { route } from '#lib/route.ts'
import type { WithServices } from '#src/services.ts'

const settingOpsRoutes: FastifyPluginAsyncZod<WithServices<'settings' | 'audit' | 'bot'>> = async (
  app,
  { services: { settings, audit, bot } },
) => {
  route(app, opsSettingCalls.list, async () => settings.display())

  route(app, opsSettingCalls.problems, async () => {
    // Within the CLI's patience (15 s) even when Telegram does not answer.
    const problem = await bot.channelProblem({ timeoutMs: 5000 })
    return problem === undefined ? [] : [{ key: 'channel_username' as const, problem }]
  })

  route(app, opsSettingCalls.pending, async () => settings.pending())

  route(app, opsSettingCalls.set, async (request) => {
    const { key } = request.params
    return audit.record(
      request.operator,
      {
        action: 'setting.set',
        objectType: 'setting',
        objectId: key,
        before: (s) => s.settings.snapshot(key),
      },
      (s) => s.settings.set(key, request.body.value, request.operator.login),
    )
  })
}
export default settingOpsRoutes
