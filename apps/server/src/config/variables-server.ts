/** The server and its files, the database and Redis. Part of config/variables.ts. */
import type { ConfigVariable } from './variable-areas.ts'

export const SERVER_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'NODE_ENV',
    area: 'server',
    default: 'unset',
    meaning:
      '`production`: the production rules (the variables marked required, no development tools). `test`: cheap password hashes, test suites only',
  },
  { name: 'PORT', area: 'server', meaning: 'HTTP port' },
  { name: 'HOST', area: 'server', default: '`0.0.0.0`', meaning: 'interface to listen on' },
  {
    name: 'DATA_DIR',
    area: 'server',
    default: '`./data`',
    meaning:
      'PGlite files, the data folder lock, the generated operator token and, in development, the secrets key (`secrets-key`)',
  },
  {
    name: 'ACCOUNT_PROVIDER',
    area: 'server',
    default: '`sandbox`; required in production',
    meaning:
      'the account provider; the only one built in is `sandbox`, which simulates accounts (production warns and shows a banner)',
  },
  {
    name: 'APP_ORIGIN',
    area: 'server',
    default: '`http://localhost:$PORT`',
    meaning: 'origins CORS allows (comma-separated); the app itself is same-origin',
  },
  {
    name: 'SIMULATOR',
    area: 'server',
    default: 'on; off in production',
    meaning:
      'serve `/simulator` (development entry only; in production never its dev outbox, which shows the email codes)',
  },
  {
    name: 'DEMO_DATA',
    area: 'server',
    default: 'on; off in production',
    meaning: 'seed the demo referral code, users, orders, rates and settings (development entry only)',
  },
  {
    name: 'WARM_UP',
    area: 'server',
    default: 'on in production, off elsewhere',
    meaning:
      "before it listens, a process serves itself the frequent reads, so its first requests are not slow (docs/resilience.md, 'Load')",
  },
  {
    name: 'LOG_LEVEL',
    area: 'server',
    default: '`info`',
    meaning: 'pino log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
  },
  {
    name: 'LOCALES_DIR',
    area: 'server',
    default: '`./locales`',
    meaning: 'translation files served at `/locales/{lng}/{ns}.json`',
  },
  { name: 'WEB_DIST_DIR', area: 'server', default: '`./apps/web/dist`', meaning: 'the built mini-app' },
  {
    name: 'CONSOLE_DIST_DIR',
    area: 'server',
    default: '`./apps/console/dist`',
    meaning: 'the built operator console, served at `/console`',
  },
  {
    name: 'TRUST_PROXY',
    area: 'server',
    default: 'unset: no proxy',
    meaning:
      "who may name the client's address in `X-Forwarded-For`: `1` behind one proxy, or the proxies' addresses and CIDRs; `true` is refused (docs/resilience.md, 'Client addresses')",
  },
  {
    name: 'MINI_APP_FRAME_ANCESTORS',
    area: 'server',
    default: "Telegram's web clients (`https://web.telegram.org`, `webk.` and `webz.`)",
    meaning:
      "origins that may frame the mini-app's pages, so Telegram Web shows the gate (docs/web.md, 'Framing')",
  },
  {
    name: 'DATABASE_URL',
    area: 'database',
    default: 'unset: embedded PGlite in `DATA_DIR`',
    meaning: 'PostgreSQL connection string; each process keeps 10 connections (docs/deploy.md)',
  },
  {
    name: 'REDIS_URL',
    area: 'database',
    default: 'unset: counters in memory',
    meaning:
      'rate-limit counters, shared by several processes; while Redis is away each limit counts in memory',
  },
]
