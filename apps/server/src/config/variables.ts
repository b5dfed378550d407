/**
 * Every environment variable and what it means: the source of docs/configuration.md (`npm run docs:config`, which
 * `npm test` runs with `--check`). The server's areas must list exactly the variables of config.ts's `EnvSchema`,
 * each under the area of the config/<area>.ts that declares it; a default the schema holds is read from it, so
 * `default` here is only for those decided in code (or by others).
 * The CLI's, the tests' and the tools' variables are listed for the reader; no schema checks them.
 */

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

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
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
  {
    name: 'TELEGRAM_BOT_TOKEN',
    area: 'bot',
    default: 'a generated dev token; required in production',
    meaning:
      'the bot token, which signs the init data; in development the simulator signs with a generated one',
  },
  {
    name: 'TELEGRAM_BOT_USERNAME',
    area: 'bot',
    default: '`AccountSupplyDemoBot`',
    meaning:
      "the bot's username (with or without `@`): referral links are `https://t.me/<username>?startapp=<code>`",
  },
  {
    name: 'MINI_APP_SHORT_NAME',
    area: 'bot',
    default: 'unset',
    meaning:
      "the mini-app's short name (BotFather); set, referral links take the form `https://t.me/<username>/<short name>?startapp=<code>`",
  },
  {
    name: 'TELEGRAM_API_ROOT',
    area: 'bot',
    default: '`https://api.telegram.org`',
    meaning: "the Bot API's root URL (docs/bot.md)",
  },
  {
    name: 'FAKE_BOT_API',
    area: 'bot',
    default: 'on in development without a bot token or API root',
    meaning: 'start the fake Bot API in-process (never in production)',
  },
  {
    name: 'BOT_WEBHOOK_URL',
    area: 'bot',
    default: 'unset: one process long-polls',
    meaning: 'the public URL of `POST /bot/webhook`; set, updates arrive by webhook, registered at start-up',
  },
  {
    name: 'BOT_WEBHOOK_SECRET',
    area: 'bot',
    default: 'derived from the bot token',
    meaning: "the webhook's secret token (`X-Telegram-Bot-Api-Secret-Token`), 1 to 256 of `A-Za-z0-9_-`",
  },
  {
    name: 'BOT_POLLING',
    area: 'bot',
    default: 'on',
    meaning: 'long polling when no webhook is set (one process at a time holds the lease)',
  },
  {
    name: 'BOT_OUTBOX_POLL_MS',
    area: 'bot',
    meaning: 'how often each process looks for bot messages to send (`0`: never)',
  },
  {
    name: 'BOT_RETRY_BASE_MS',
    area: 'bot',
    meaning: "the wait after a bot message's first failed try, doubling after each next one up to 10 minutes",
  },
  {
    name: 'BOT_GROUP_SECONDS',
    area: 'bot',
    meaning:
      "a user's accounts accepted within this many seconds of the first make one bot message (0: each alone)",
  },
  {
    name: 'OPS_CHAT_ID',
    area: 'bot',
    default: 'unset',
    meaning:
      "the operators' Telegram chat: new invoices and payment requests, long reviews, four eyes' notices. Set it in production",
  },
  {
    name: 'AUTH_SECRET',
    area: 'auth',
    default: 'generated and kept in the database, sealed',
    meaning:
      'the secret (32+ characters) every key derives from; changing it has a cost (docs/deploy.md, step 7)',
  },
  {
    name: 'SECRETS_KEY',
    area: 'auth',
    default:
      'generated into `DATA_DIR/secrets-key` in development; required in production when `AUTH_SECRET` is unset',
    meaning:
      "32 bytes (`openssl rand -hex 32`) sealing the secrets kept in the database; one key for every process (docs/resilience.md, 'Secrets')",
  },
  {
    name: 'SECRETS_KEY_PREVIOUS',
    area: 'auth',
    default: 'unset',
    meaning: 'while `SECRETS_KEY` is rotated, the key it replaces (docs/deploy.md, step 7)',
  },
  {
    name: 'AUTH_MAX_AGE_SECONDS',
    area: 'auth',
    meaning: 'the oldest Telegram init data accepted at sign-in',
  },
  {
    name: 'SMTP_URL',
    area: 'mail',
    default: 'unset: mail kept in the dev outbox the simulator shows',
    meaning: 'the SMTP server: `smtp://user:password@host:587` (STARTTLS) or `smtps://…:465`',
  },
  {
    name: 'SMTP_ALLOW_PLAINTEXT',
    area: 'mail',
    default: 'off in production, on otherwise',
    meaning:
      '`1`: let a password go to a relay without TLS (production refuses otherwise; docs/email-auth.md)',
  },
  {
    name: 'SMTP_CA_FILE',
    area: 'mail',
    default: 'unset',
    meaning: "a PEM file of certificates to trust for the SMTP server's TLS, beside the system's",
  },
  {
    name: 'MAIL_FROM',
    area: 'mail',
    default: '`Account Supply <no-reply@localhost>`',
    meaning: 'the sender of every email: an address, or `Name <address>`',
  },
  {
    name: 'EMAIL_OUTBOX_POLL_MS',
    area: 'mail',
    meaning:
      "how often each process looks for queued mail (`0`: never; a request that queues mail wakes its process's worker)",
  },
  {
    name: 'EMAIL_RETRY_BASE_MS',
    area: 'mail',
    meaning: "the wait after a mail's first failed try, doubling after each next one up to an hour",
  },
  {
    name: 'OPS_TOKEN',
    area: 'operators',
    default: 'generated into `DATA_DIR/ops-token` (mode 0600)',
    meaning:
      'the bootstrap operator token, an admin (16+ characters); it never acts as one of the four eyes (docs/console.md)',
  },
  {
    name: 'OPS_API_TOKEN_TTL_DAYS',
    area: 'operators',
    meaning: "how long an operator's personal API token works after it was issued (1 to 3650)",
  },
  {
    name: 'FOUR_EYES_DELAY_SECONDS',
    area: 'operators',
    meaning: "four eyes: how long a weaker rule waits, and a new signer's signature (docs/console.md)",
  },
  {
    name: 'RATE_LIMIT_MAX',
    area: 'limits',
    meaning: "requests per minute per client on the API (the app's files, words and flags are not counted)",
  },
  {
    name: 'AUTH_RATE_LIMIT_MAX',
    area: 'limits',
    meaning: 'requests per minute per client on `/auth/*`, one budget for all of them',
  },
  {
    name: 'CODE_SEND_LIMIT_PER_PHONE',
    area: 'limits',
    default: '`5`; `50` with the simulator on',
    meaning: 'login codes sent per phone number per hour (the demo walks every sandbox row, often twice)',
  },
  {
    name: 'CODE_SEND_LIMIT_PER_USER',
    area: 'limits',
    default: '`20`; `200` with the simulator on',
    meaning: 'login codes a user may request per hour',
  },
  {
    name: 'VALIDATION_POLL_MS',
    area: 'background',
    meaning: 'how often each process looks for accounts due for validation (`0`: never)',
  },
  { name: 'VALIDATION_BATCH_SIZE', area: 'background', meaning: 'accounts a process claims per look' },
  {
    name: 'HOUSEKEEPING_INTERVAL_MS',
    area: 'background',
    meaning:
      "how often one process prunes rows that no longer matter (`0`: never; docs/resilience.md, 'Housekeeping')",
  },
  {
    name: 'HOUSEKEEPING_RETENTION_HOURS',
    area: 'background',
    meaning: 'how long ended rows are kept; money rows and the audit log never go',
  },
  {
    name: 'HOUSEKEEPING_DEAD_RETENTION_HOURS',
    area: 'background',
    meaning: 'how long outbox rows that gave up (failed) are kept',
  },
  {
    name: 'METRICS_PORT',
    area: 'metrics',
    default: 'unset: no metrics',
    meaning:
      'serve `GET /metrics` on this port of its own: a port, or `+N` for `PORT + N` (docs/operations.md)',
  },
  {
    name: 'METRICS_HOST',
    area: 'metrics',
    default: '`127.0.0.1`',
    meaning: 'the interface the metrics port listens on; only the scraper should reach it',
  },
  {
    name: 'METRICS_CACHE_MS',
    area: 'metrics',
    meaning:
      'how long the gauges read from the database (backlogs, waiting invoices and transactions) are kept between scrapes',
  },
  {
    name: 'LEDGER_CHECK_INTERVAL_MS',
    area: 'metrics',
    meaning: "how often one process checks the ledger for the metrics' `app_ledger_check_*` (`0`: never)",
  },
  {
    name: 'TRON_API_ROOT',
    area: 'chain',
    default: 'unset; required in production unless `CHAIN_VERIFICATION=off`',
    meaning:
      "TronGrid, where a TRX transaction is read before it is recorded (docs/transactions.md, 'Chain check'); unset: 'not verified'",
  },
  {
    name: 'TRON_API_KEY',
    area: 'chain',
    default: 'unset',
    meaning: "TronGrid's API key (sent as `TRON-PRO-API-KEY`, never logged)",
  },
  {
    name: 'TRON_CONFIRMATIONS',
    area: 'chain',
    meaning: 'confirmations a TRX transaction needs before it counts as succeeded',
  },
  {
    name: 'BSC_RPC_URL',
    area: 'chain',
    default: 'unset; required in production unless `CHAIN_VERIFICATION=off`',
    meaning: 'a BSC JSON-RPC endpoint, where a USDT transaction is read before it is recorded; never logged',
  },
  {
    name: 'BSC_CHAIN_ID',
    area: 'chain',
    meaning: 'the chain the BSC endpoint must serve (`eth_chainId`; 97 is the testnet)',
  },
  {
    name: 'BSC_USDT_CONTRACT',
    area: 'chain',
    meaning: 'the USDT BEP20 contract whose `Transfer` event pays a USDT transaction (18 decimals)',
  },
  {
    name: 'BSC_CONFIRMATIONS',
    area: 'chain',
    meaning: 'confirmations a USDT BEP20 transaction needs before it counts as succeeded',
  },
  {
    name: 'TRON_PAYOUT_WALLETS',
    area: 'chain',
    default: 'unset; required with `TRON_API_ROOT`',
    meaning: 'our TRON wallets, comma-separated: the chain check accepts a transfer only from one of them',
  },
  {
    name: 'BSC_PAYOUT_WALLETS',
    area: 'chain',
    default: 'unset; required with `BSC_RPC_URL`',
    meaning: 'our BSC wallets, as for TRON',
  },
  {
    name: 'CHAIN_VERIFICATION',
    area: 'chain',
    default: 'on where an endpoint is set',
    meaning:
      '`off`: record TRX and USDT transactions unread (the only way production runs without the endpoints)',
  },
  {
    name: 'CHAIN_CONFIRM_TIMEOUT_SECONDS',
    area: 'chain',
    meaning: 'how long a transaction short of confirmations is read again before it is left to an operator',
  },
  {
    name: 'CHAIN_RECHECK_MS',
    area: 'chain',
    meaning: 'how often the background chain check runs (one process a round; `0`: never)',
  },
  {
    name: 'CHAIN_API_TIMEOUT_MS',
    area: 'chain',
    meaning: 'how long one call to a chain endpoint may take (then 503 `CHAIN_UNAVAILABLE`)',
  },
  {
    name: 'OPS_URL',
    area: 'cli',
    default: '`http://127.0.0.1:$PORT`',
    meaning: 'where the CLI finds the server; it reads `OPS_TOKEN` and `DATA_DIR` as the server does',
  },
  {
    name: 'SKIP_WEB_BUILD',
    area: 'tools',
    default: 'unset',
    meaning: '`npm start` does not build the mini-app and the console when stale (the systemd unit sets it)',
  },
  {
    name: 'QUICK_SINCE',
    area: 'tools',
    default: '`main`',
    meaning: 'the git ref `npm run test:quick` compares with',
  },
  {
    name: 'TEST_DATABASE_URL',
    area: 'tools',
    default: 'unset',
    meaning: 'tests: also run the server suites on this PostgreSQL, on databases made next to it',
  },
  {
    name: 'TEST_REDIS_URL',
    area: 'tools',
    default: 'unset',
    meaning: 'tests: shared rate limits through this Redis; with `TEST_DATABASE_URL`, the deployment test',
  },
  {
    name: 'MONEY_RUNS',
    area: 'tools',
    default: '`10`',
    meaning:
      "tests: sequences per database of the money properties' search (`test/money/ledger-properties.test.ts`)",
  },
  {
    name: 'OUTAGE_MS',
    area: 'tools',
    default: '`15000`',
    meaning: 'tests: how long the database outage test keeps PostgreSQL stopped',
  },
  {
    name: 'E2E_DEVICE_SCALE',
    area: 'tools',
    default: '`1`',
    meaning: "tests: the end-to-end phones' pixel density",
  },
  {
    name: 'CHROMIUM_PATH',
    area: 'tools',
    default: '`/usr/bin/chromium-headless-shell` (end to end, when installed), `/usr/bin/chromium`',
    meaning: 'the Chromium the end-to-end tests and the Lighthouse bench drive',
  },
  {
    name: 'NGINX_PATH',
    area: 'tools',
    default: '`/usr/sbin/nginx`',
    meaning: 'tests: the nginx the deployment test runs',
  },
  {
    name: 'PROMETHEUS_PATH',
    area: 'tools',
    default: '`/usr/bin/prometheus`',
    meaning: 'tests: the Prometheus the metrics test runs',
  },
  {
    name: 'API_SERVER',
    area: 'tools',
    default: '`http://localhost:8000`',
    meaning: "where Vite's development server sends API calls",
  },
]
