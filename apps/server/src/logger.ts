/**
 * Logger options: pino JSON lines (pretty only for a person at a terminal outside production),
 * with every place a secret could sit redacted.
 */
import type { FastifyServerOptions } from 'fastify'
import type { Config } from './config.ts'

const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'initData',
  'token',
  'accessToken',
  'refreshToken',
  'opsToken',
  'botToken',
  'authSecret',
  'telegramBotToken',
  'password',
  'newPassword',
  'passwordRetype',
  'code',
  'phoneCode',
  // The /telegram/* bodies carry 2FA passwords and login/email codes (request bodies are not logged by
  // default; these paths keep them out should a body or an error ever carry them).
  'emailCode',
  'referralCode',
]

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.body',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...SECRET_FIELDS.map((field) => `*.*.${field}`),
]

export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'prettyLogs'>,
  /** Where log lines go instead of stdout (tests read them). */
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
    ...(config.prettyLogs && !stream
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  }
}
