/**
 * Configuration, validated once at start-up. Nothing else in the server reads `process.env`: modules receive the
 * `Config` object (or the part they need). Each area (config/*.ts) declares its variables and makes its part;
 * this file puts them together, checking in an order that names the most basic mistake first.
 */
import * as z from 'zod/mini'
import { AuthEnv, type AuthPart, authPart } from './config/auth.ts'
import { BackgroundEnv, type BackgroundPart, backgroundPart } from './config/background.ts'
import { BotEnv, type BotPart, botPart } from './config/bot.ts'
import { type ChainConfig, ChainEnv, chainConfig } from './config/chain.ts'
import { DatabaseEnv, type DatabasePart, databasePart } from './config/database.ts'
import { ConfigError } from './config/env.ts'
import { LimitsEnv, type LimitsPart, limitsPart } from './config/limits.ts'
import { MailEnv, type MailPart, mailPart } from './config/mail.ts'
import { type MetricsConfig, MetricsEnv, metricsConfig } from './config/metrics.ts'
import { OperatorsEnv, type OperatorsPart, operatorsPart } from './config/operators.ts'
import { requireForProduction } from './config/production.ts'
import { ServerEnv, type ServerPart, serverPart } from './config/server.ts'
import { useEnglishZodMessages } from './lib/validation-messages.ts'

export type { HousekeepingConfig } from './config/background.ts'
export type { ChainConfig } from './config/chain.ts'
export { describeDatabaseUrl } from './config/database.ts'
export { ConfigError } from './config/env.ts'
export type { SignInLimits } from './config/limits.ts'
export type { MetricsConfig } from './config/metrics.ts'

/** Every variable the server reads; docs/configuration.md is generated from it and config/variables.ts. */
export const EnvSchema = z.object({
  ...ServerEnv.shape,
  ...DatabaseEnv.shape,
  ...BotEnv.shape,
  ...AuthEnv.shape,
  ...MailEnv.shape,
  ...OperatorsEnv.shape,
  ...LimitsEnv.shape,
  ...BackgroundEnv.shape,
  ...MetricsEnv.shape,
  ...ChainEnv.shape,
})

export type Config = ServerPart &
  DatabasePart &
  BotPart &
  AuthPart &
  MailPart &
  OperatorsPart &
  LimitsPart &
  BackgroundPart & {
    /** Prometheus metrics and the ledger check behind one of them (docs/operations.md). */
    metrics: MetricsConfig
    /** The chain check of TRX and USDT BEP20 payouts (docs/transactions.md, 'Chain check'). */
    chain: ChainConfig
  }

function parseEnv(env: NodeJS.ProcessEnv): z.infer<typeof EnvSchema> {
  useEnglishZodMessages()
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'} ${i.message}`)
    throw new ConfigError(`Invalid configuration: ${issues.join('; ')}`)
  }
  return parsed.data
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const e = parseEnv(env)
  const isProduction = e.NODE_ENV === 'production'
  requireForProduction(e)
  const auth = authPart(e)
  const mail = mailPart(e, { isProduction, cwd })
  const bot = botPart(e, isProduction)
  const chain = chainConfig(e, isProduction)
  const database = databasePart(e)
  const server = serverPart(e, { isProduction, cwd })
  const metrics = metricsConfig(e, e.PORT)
  const limits = limitsPart(e, server.simulator)
  const operators = operatorsPart(e)
  const background = backgroundPart(e, { ...limits, ...mail, ...operators })
  return {
    ...server,
    ...database,
    ...bot,
    ...auth,
    ...mail,
    ...operators,
    ...limits,
    ...background,
    metrics,
    chain,
  }
}
