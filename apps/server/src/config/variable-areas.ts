/** The areas of the configuration, and the shape of a variable's entry (config/variables.ts). */

export const CONFIG_AREAS = {
  server: 'Server and files',
  database: 'Database and Redis',
  bot: 'Telegram and the bot',
  auth: 'Sign-in and secrets',
  mail: 'Email',
  operators: 'Operators',
  limits: 'Rate limits',
  background: 'Background work',
  metrics: 'Metrics',
  chain: 'Chain check',
  cli: 'Operator CLI',
  tools: 'Tests, benches and tools',
} as const

export type ConfigArea = keyof typeof CONFIG_AREAS

/** Areas whose variables the server reads (config.ts); the others are read elsewhere. */
export const SERVER_AREAS: readonly ConfigArea[] = [
  'server',
  'database',
  'bot',
  'auth',
  'mail',
  'operators',
  'limits',
  'background',
  'metrics',
  'chain',
]

export type ConfigVariable = {
  name: string
  area: ConfigArea
  /** The default in words, when the schema holds none (it depends on other settings, or is decided in code). */
  default?: string
  meaning: string
}
