/**
 * The one SMTP transport, built once from SMTP_URL (smtp:// with STARTTLS when the server offers it, smtps://
 * for TLS from the start; credentials in the URL; nodemailer's options in its query, e.g. `?requireTLS=true`).
 * The server's certificate is checked against the system's authorities plus SMTP_CA_FILE's. Timeouts are short so
 * that a slow server holds a worker, never a request: requests only queue mail.
 */
import { readFileSync } from 'node:fs'
import { rootCertificates } from 'node:tls'
import { createTransport } from 'nodemailer'

export type MailMessage = { to: string; subject: string; text: string; html: string }
export type MailTransport = { send(message: MailMessage): Promise<void>; close(): void }

export function createSmtpTransport(smtpUrl: string, from: string, caFile?: string): MailTransport {
  // Given a CA, TLS trusts only the CAs listed: keep the system's beside the file's.
  const tls = caFile === undefined ? {} : { tls: { ca: [...rootCertificates, readFileSync(caFile, 'utf8')] } }
  const transporter = createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, ...tls },
    { from },
  )
  return {
    async send(message) {
      await transporter.sendMail(message)
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
