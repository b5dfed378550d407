/**
 * Email: the SMTP transport and the sender, the outbox worker, and email sign-in's rules (codes, floods, login
 * limits; docs/email-auth.md).
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import * as z from 'zod/mini'
import { booleanFlag, ConfigError, type OutboxConfig, optionalString, wholeNumber } from './env.ts'
import type { SignInLimits } from './limits.ts'

export const MailEnv = z.object({
  SMTP_URL: optionalString,
  /** A PEM file of certificates to trust for the SMTP server's TLS, beside the system's (docs/email-auth.md). */
  SMTP_CA_FILE: optionalString,
  /** Production: let a password in SMTP_URL go to a server without STARTTLS (a local relay; docs/email-auth.md). */
  SMTP_ALLOW_PLAINTEXT: z.optional(booleanFlag),
  /** The sender of every email: an address, or `Name <address>`. */
  MAIL_FROM: optionalString,
  /** How often each process looks for mail to deliver (email outbox); 0 turns the worker off. */
  EMAIL_OUTBOX_POLL_MS: wholeNumber(2000, z.gte(0)),
  /** The wait after a mail's first failed try, doubling after each next one (at most an hour). */
  EMAIL_RETRY_BASE_MS: wholeNumber(30_000, z.positive()),
})

export type EmailAuthConfig = {
  codeTtlSeconds: number
  /** How long a registration waits for the mailbox's code; then it is over (register again). */
  registrationTtlSeconds: number
  /** Wrong tries a code survives; the next wrong one kills it. */
  maxCodeAttempts: number
  /** Shortest time between two requests that may mail one email, per purpose (EMAIL_FLOOD). */
  codeCooldownSeconds: number
  /** Requests that may mail one email per window, known or not (EMAIL_FLOOD). */
  codesPerEmail: { max: number; windowSeconds: number }
  /** Wrong code tries per email per window, over all its codes of both purposes (429 ACTION_WAIT_REQUIRED_ERROR). */
  codeTriesPerEmail: { max: number; windowSeconds: number }
  /** Login failures per email and address, and per email over every address (429 ACTION_WAIT_REQUIRED_ERROR). */
  loginFailures: SignInLimits
  /** Code requests and registrations per client address per window, on top of the per-minute /auth limit. */
  codesPerAddress: { max: number; windowSeconds: number }
  outbox: OutboxConfig
}

export type MailPart = {
  /** smtp:// or smtps:// with credentials; undefined keeps mail in the dev outbox (docs/email-auth.md). */
  smtpUrl: string | undefined
  /** Absolute path of a PEM file: certificates trusted for SMTP's TLS on top of the system's. */
  smtpCaFile: string | undefined
  /**
   * A password in SMTP_URL may go to a server that offers no STARTTLS. False in production unless
   * SMTP_ALLOW_PLAINTEXT says so: such mail is refused (docs/email-auth.md, 'Transport').
   */
  smtpAllowPlaintext: boolean
  mailFrom: string
  /** Email and password sign-in: codes, floods, login limits and the outbox worker (docs/email-auth.md). */
  emailAuth: EmailAuthConfig
}

const DEFAULT_MAIL_FROM = 'Account Supply <no-reply@localhost>'

function checkSmtpUrl(url: string | undefined): void {
  if (url === undefined) return
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ConfigError('SMTP_URL must be a URL: smtp://user:password@host:587 or smtps://...')
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://')
  }
}

/** Email sign-in's rules (docs/email-auth.md): fixed, but for the outbox worker's poll and first retry wait. */
function emailAuthConfig(outboxPollMs: number, retryBaseMs: number): EmailAuthConfig {
  return {
    codeTtlSeconds: 10 * 60,
    registrationTtlSeconds: 3600,
    maxCodeAttempts: 5,
    codeCooldownSeconds: 60,
    codesPerEmail: { max: 5, windowSeconds: 3600 },
    codeTriesPerEmail: { max: 100, windowSeconds: 24 * 3600 },
    loginFailures: {
      perAddress: { max: 10, windowSeconds: 15 * 60 },
      perSignIn: { max: 100, windowSeconds: 24 * 3600 },
    },
    codesPerAddress: { max: 30, windowSeconds: 3600 },
    outbox: {
      pollMs: outboxPollMs,
      batchSize: 20,
      maxAttempts: 8,
      backoffBaseMs: retryBaseMs,
      backoffMaxMs: 3_600_000,
      leaseSeconds: 120,
    },
  }
}

export function mailPart(
  e: z.infer<typeof MailEnv>,
  { isProduction, cwd }: { isProduction: boolean; cwd: string },
): MailPart {
  checkSmtpUrl(e.SMTP_URL)
  const smtpCaFile = e.SMTP_CA_FILE === undefined ? undefined : resolve(cwd, e.SMTP_CA_FILE)
  if (smtpCaFile !== undefined && !existsSync(smtpCaFile)) {
    throw new ConfigError(`SMTP_CA_FILE: no such file ${smtpCaFile}`)
  }
  return {
    smtpUrl: e.SMTP_URL,
    smtpCaFile,
    smtpAllowPlaintext: e.SMTP_ALLOW_PLAINTEXT ?? !isProduction,
    mailFrom: e.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    emailAuth: emailAuthConfig(e.EMAIL_OUTBOX_POLL_MS, e.EMAIL_RETRY_BASE_MS),
  }
}
