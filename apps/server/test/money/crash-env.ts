/** The crash suite's server environment: test secrets, high limits, the validation loop on, no Telegram. */
import { join } from 'node:path'
import { TEST_AUTH_SECRET, TEST_OPS_TOKEN } from '../helpers/app.ts'
import { TEST_BOT_TOKEN } from '../helpers/init-data.ts'

export function crashServerEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
    CONSOLE_DIST_DIR: join(dataDir, 'no-console-dist'),
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    AUTH_SECRET: TEST_AUTH_SECRET,
    OPS_TOKEN: TEST_OPS_TOKEN,
    DEMO_DATA: 'true',
    SIMULATOR: 'false',
    // The validation loop takes part: every process looks for due accounts every 200 ms.
    VALIDATION_POLL_MS: '200',
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    CODE_SEND_LIMIT_PER_PHONE: '100000',
    CODE_SEND_LIMIT_PER_USER: '100000',
    // No Telegram: a Bot API root that refuses, no polling, no outbox delivery.
    TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
    BOT_POLLING: 'off',
    BOT_OUTBOX_POLL_MS: '0',
  }
}
