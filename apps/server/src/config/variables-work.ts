/** Operators, rate limits, background work, metrics and the chain check. Part of config/variables.ts. */
import type { ConfigVariable } from './variable-areas.ts'

export const OPERATION_VARIABLES: readonly ConfigVariable[] = [
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
]
