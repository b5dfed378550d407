/**
 * The development tools as the app's seam wants them (src/dev-tools.ts): the fake Bot API with the demo channel,
 * the demo data, the simulator and the sandbox's table. One per app: it keeps the fake Bot API it started.
 */
import type { DevTools } from '../src/dev-tools.ts'
import { DEMO_CHANNEL } from './demo/demo-data.ts'
import { createDemoService } from './demo/service.ts'
import { type FakeBotApi, startFakeBotApi } from './fake-bot-api/server.ts'
import sandboxRoutes from './sandbox/index.ts'
import simulatorRoutes from './simulator/index.ts'

export function createDevTools(): DevTools {
  let fakeBotApi: FakeBotApi | undefined
  return {
    async startFakeBotApi({ token, botUsername, firstUpdateId }) {
      fakeBotApi = await startFakeBotApi({ token, botUsername, channels: [DEMO_CHANNEL], firstUpdateId })
      return fakeBotApi.url
    },
    seedDemoData: (context) => createDemoService(context).seed({ simulatorUsers: context.config.simulator }),
    async registerRoutes(app, context, services) {
      const { config } = context
      // The sandbox's table (codes and its 2FA password) is a demo aid: only beside the simulator, never on a
      // deployment that merely runs on the sandbox.
      if (config.accountProvider === 'sandbox') await app.register(sandboxRoutes)
      await app.register(simulatorRoutes, {
        botToken: context.botToken,
        services: { emailOutbox: services.emailOutbox, demo: createDemoService(context) },
        smtpConfigured: config.smtpUrl !== undefined,
        devOutbox: !config.isProduction,
        sandbox: config.accountProvider === 'sandbox',
        fakeBotApi,
        channelMembership: context.channelMembership,
      })
    },
    close: async () => fakeBotApi?.close(),
  }
}
