/** The operator CLI, and the tests, benches and tools (read elsewhere; no schema checks them). Part of config/variables.ts. */
import type { ConfigVariable } from './variable-areas.ts'

export const TOOL_VARIABLES: readonly ConfigVariable[] = [
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
