/**
 * The demo (DEMO_DATA, the simulator): seeding the demo data at start-up, and the simulator's "reset sandbox
 * accounts". All SQL in repository.ts.
 */
import type { Db } from '#db/client.ts'
import { resetSandboxAccounts, seedDemoData } from './repository.ts'

export type DemoServiceDeps = { db: Db; now: () => Date }
export type DemoService = ReturnType<typeof createDemoService>

export function createDemoService({ db, now }: DemoServiceDeps) {
  return {
    /** Idempotent: safe on every start, and never overrides what an operator changed. */
    seed: (options: { simulatorUsers: boolean }): Promise<void> =>
      seedDemoData(db, { ...options, now: now() }),
    /** One demo user's accounts on no invoice, open flows and code counter go (the caller checks the user). */
    resetSandboxAccounts: (telegramId: number) => resetSandboxAccounts(db, telegramId),
  }
}
