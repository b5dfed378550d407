/**
 * The seam where development tools plug into the app: the fake Bot API, the demo data and the simulator live in
 * `apps/server/dev`, which this source never imports (a dependency rule), and only the development entry
 * (`dev/server.ts`) passes them in. Production runs `server.ts`, which passes none, so it never loads that code.
 */
import type { FastifyInstance } from 'fastify'
import type { AppContext, FakeBotApiStarter } from './context.ts'
import type { Services } from './services.ts'

export type DevTools = FakeBotApiStarter & {
  /** DEMO_DATA: seeds the demo data; idempotent, and never overrides what an operator changed. */
  seedDemoData(context: AppContext): Promise<void>
  /** SIMULATOR: the development routes (the simulator, and the sandbox's table beside it). */
  registerRoutes(app: FastifyInstance, context: AppContext, services: Services): Promise<void>
  close(): Promise<void>
}

/** The settings that need the development tools, by their variable names, when they are on. */
export function devToolsWanted(config: AppContext['config']): string[] {
  return [
    config.simulator ? 'SIMULATOR' : undefined,
    config.demoData ? 'DEMO_DATA' : undefined,
    config.bot.fakeApi ? 'FAKE_BOT_API' : undefined,
  ].filter((name) => name !== undefined)
}
