/**
 * A new process answers its first requests many times slower than later: V8 compiles each path on its first use,
 * and each new database connection reads the catalog and prepares each statement the first time. Under load a new
 * process's first second queued answers far past the latency budget (docs/measurements/load.md). So before it
 * listens, a process sends itself the mini-app's most frequent reads as a few existing users, and an operator's, in
 * process: the first real users meet compiled code and ready connections.
 */
import { accountCalls, dashboardCalls, invoiceCalls, readAnswer, urlOf } from '@app/contract'
import { opsAccountCalls } from '@app/contract/ops'
import { type FastifyInstance, type FastifyRequest, LogController } from 'fastify'
import type { Db } from './db/client.ts'
import { isWarmUpRequest, WARM_UP_ADDRESS } from './lib/warm-up-request.ts'
import type { AccessTokenSigner } from './modules/auth/access-tokens.ts'
import { newestUserUids } from './modules/auth/repository.ts'

/** Users read as at once: enough to use most of a pool's connections. */
const USERS = 10
/** Each user's reads this many times over: V8 optimizes a path only after it has run a few times. */
const ROUNDS = 3

/** Fastify's per-request log lines, except for the warm-up's (one summary line says what it did). */
export class QuietWarmUpLogs extends LogController {
  override isLogDisabled(request: FastifyRequest): boolean {
    return isWarmUpRequest(request) || super.isLogDisabled(request)
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Serves the warm-up's reads when WARM_UP is on (config.warmUp); call it after ready(), before listen(). */
    warmUp(): Promise<void>
  }
}

type Tally = { requests: number; failed: number }

/** One read as a client makes it: the contract's path for the call (urlOf), the token as the bearer. */
const get = async (app: FastifyInstance, token: string, url: string, tally: Tally) => {
  const answer = await app.inject({
    method: 'GET',
    url,
    remoteAddress: WARM_UP_ADDRESS,
    headers: { authorization: `Bearer ${token}` },
  })
  tally.requests += 1
  if (answer.statusCode !== 200) tally.failed += 1
  return answer
}

/** A user's visit, as the mini-app's first screens read (the load bench's mix). */
async function userVisit(app: FastifyInstance, token: string, tally: Tally): Promise<void> {
  await get(app, token, urlOf(dashboardCalls.get), tally)
  const list = await get(app, token, urlOf(accountCalls.list), tally)
  const page = readAnswer(accountCalls.list, list.statusCode, list.json())
  const first = page.ok ? page.data.items[0] : undefined
  if (first !== undefined)
    await get(app, token, urlOf(accountCalls.get, { params: { accountUid: first.uid } }), tally)
  await get(app, token, urlOf(accountCalls.list, { query: { search: '12' } }), tally)
  await get(app, token, urlOf(invoiceCalls.list), tally)
}

/** An operator's first reads in the console: the accounts and a phone search over all of them. */
async function operatorVisit(app: FastifyInstance, opsToken: string, tally: Tally): Promise<void> {
  await get(app, opsToken, urlOf(opsAccountCalls.search), tally)
  await get(app, opsToken, urlOf(opsAccountCalls.search, { query: { phone: '1234' } }), tally)
}

/** Best effort: a process that could not warm up still starts, and says why. */
export async function warmUp(
  app: FastifyInstance,
  deps: { db: Db; accessTokens: AccessTokenSigner; opsToken: string },
): Promise<void> {
  const started = performance.now()
  const tally: Tally = { requests: 0, failed: 0 }
  try {
    const uids = await newestUserUids(deps.db, USERS)
    const tokens = await Promise.all(uids.map((uid) => deps.accessTokens.sign(uid)))
    for (let round = 0; round < ROUNDS; round += 1) {
      await Promise.all([
        operatorVisit(app, deps.opsToken, tally),
        ...tokens.map((token) => userVisit(app, token, tally)),
      ])
    }
    app.log.info(
      { ...tally, users: uids.length, ms: Math.round(performance.now() - started) },
      'warmed up before listening',
    )
  } catch (error) {
    app.log.warn({ err: error, ...tally }, 'warm-up stopped; listening cold')
  }
}
