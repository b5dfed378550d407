/**
 * The one SMTP transport, built once from SMTP_URL (smtp:// with STARTTLS when the server offers it, smtps://
 * for TLS from the start; credentials in the URL; nodemailer's options in its query, e.g. `?requireTLS=true`).
 * The server's certificate is checked against the system's authorities plus SMTP_CA_FILE's. Timeouts are short so
 * that a slow server holds a worker, never a request: requests only queue mail.
 */
import { readFileSync } from 'node:fs'
import { rootCertificates } from 'node:tls'
import { createTransport } from 'nodemailer'
import { parseConnectionUrl } from 'nodemailer/lib/shared'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'

export type MailMessage = { to: string; subject: string; text: string; html: string }
export type MailTransport = { send(message: MailMessage): Promise<void>; close(): void }

export type SmtpTransportOptions = {
  from: string
  caFile?: string | undefined
  /**
   * A password in the URL goes only over TLS (production, unless SMTP_ALLOW_PLAINTEXT): nodemailer's requireTLS,
   * which wins over the URL's own `requireTLS=false`, `ignoreTLS` and `opportunisticTLS`.
   */
  passwordOnlyOverTls: boolean
}

/**
 * The server offered no STARTTLS on a connection whose password may go only over TLS: nodemailer stopped before
 * AUTH, so neither the password nor the mail left. The message says what to do and never holds the password.
 */
export class SmtpPlaintextRefused extends Error {
  override name = 'SmtpPlaintextRefused'
}

const hasPassword = (options: SMTPTransport.Options): boolean =>
  options.auth !== undefined && 'pass' in options.auth && typeof options.auth.pass === 'string'
    ? options.auth.pass !== ''
    : false

/** nodemailer's errors carry the SMTP step and the server's answer. */
type SmtpError = Error & { code?: string; command?: string; response?: unknown }

/**
 * nodemailer asked for STARTTLS, as requireTLS makes it, and the server refused it; or the server refused EHLO
 * (no ESMTP, so no STARTTLS) for a reason other than closing (421).
 */
function isStartTlsRefused(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const { code, command, response } = error as SmtpError
  if (typeof response !== 'string') return false
  return (
    (code === 'ETLS' && command === 'STARTTLS') ||
    (code === 'ECONNECTION' && command === 'EHLO' && !response.startsWith('421'))
  )
}

export function createSmtpTransport(smtpUrl: string, options: SmtpTransportOptions): MailTransport {
  const fromUrl = parseConnectionUrl(smtpUrl)
  const refusesPlaintext = options.passwordOnlyOverTls && hasPassword(fromUrl)
  // Given a CA, TLS trusts only the CAs listed: keep the system's beside the file's.
  const ca =
    options.caFile === undefined ? {} : { ca: [...rootCertificates, readFileSync(options.caFile, 'utf8')] }
  const transporter = createTransport(
    {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      ...fromUrl,
      tls: { ...ca, ...fromUrl.tls },
      ...(refusesPlaintext ? { requireTLS: true } : {}),
    },
    { from: options.from },
  )
  const server = `${fromUrl.host ?? 'localhost'}:${fromUrl.port ?? (fromUrl.secure ? 465 : 587)}`
  return {
    async send(message) {
      try {
        await transporter.sendMail(message)
      } catch (error) {
        if (refusesPlaintext && isStartTlsRefused(error)) {
          throw new SmtpPlaintextRefused(
            `SMTP server ${server} offers no STARTTLS: mail not sent, as the SMTP password would travel in clear (use smtps://, a server with STARTTLS, or SMTP_ALLOW_PLAINTEXT=1 for a local relay)`,
          )
        }
        throw error
      }
    },
    close: () => transporter.close(),
  }
}

/** An SMTP URL fit for logs: the password never printed. */
export function describeSmtpUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password !== '') u.password = '***'
    return u.toString()
  } catch {
    return 'the configured SMTP_URL'
  }
}
