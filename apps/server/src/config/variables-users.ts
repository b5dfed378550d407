/** Telegram and the bot, sign-in and secrets, email. Part of config/variables.ts. */
import type { ConfigVariable } from './variable-areas.ts'

export const USER_FACING_VARIABLES: readonly ConfigVariable[] = [
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
]
