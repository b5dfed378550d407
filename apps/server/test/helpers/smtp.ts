/**
 * A real SMTP server for the email tests (smtp-server, with AUTH), and mailparser to read what arrived: plain, TLS
 * from the start (smtps://), or STARTTLS required before AUTH. TLS uses a test-only self-signed certificate
 * (`smtp-tls/`, for localhost and 127.0.0.1, valid to 2126) that the app trusts through SMTP_CA_FILE. The server can
 * be stopped and started again on the same port (an SMTP server that is down, then up).
 */
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = {
  to: string[]
  /** The From header as sent. */
  from: string
  /** The session ran over TLS (smtps, or upgraded by STARTTLS). */
  secure: boolean
  subject: string
  text: string
  html: string
  code: string | undefined
}

const SMTP_USER = 'mailer'
export const SMTP_PASSWORD = 'smtp-test-password'
/** The test certificate, to trust as a CA (SMTP_CA_FILE); its key is for these tests only. */
export const TEST_SMTP_CA_FILE = fileURLToPath(new URL('./smtp-tls/cert.pem', import.meta.url))
const testTls = () => ({
  key: readFileSync(new URL('./smtp-tls/key.pem', import.meta.url)),
  cert: readFileSync(TEST_SMTP_CA_FILE),
})

/** plain: no TLS at all; smtps: TLS from the first byte; starttls: plain until STARTTLS, which AUTH requires. */
export type SmtpSecurity = 'plain' | 'smtps' | 'starttls'

/** An AUTH the server was sent: whether the session was encrypted when the password arrived. */
export type ReceivedAuth = { user: string; secure: boolean }

export type TestSmtp = {
  url: string
  mails: ReceivedMail[]
  /** Every AUTH received, right or wrong. */
  auths: ReceivedAuth[]
  /** Mails to `to`, in arrival order. */
  to(to: string): ReceivedMail[]
  /** Waits for the `n`-th mail to `to` (1-based) and answers it. */
  waitFor(to: string, n?: number, timeoutMs?: number): Promise<ReceivedMail>
  down(): Promise<void>
  up(): Promise<void>
  close(): Promise<void>
}

function createServer(mails: ReceivedMail[], auths: ReceivedAuth[], security: SmtpSecurity): SMTPServer {
  return new SMTPServer({
    ...(security === 'plain' ? { disabledCommands: ['STARTTLS'] } : testTls()),
    secure: security === 'smtps',
    allowInsecureAuth: security === 'plain',
    authOptional: false,
    logger: false,
    onAuth(auth, session, callback) {
      auths.push({ user: auth.username ?? '', secure: session.secure })
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD)
        return callback(null, { user: SMTP_USER })
      return callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? ''
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: parsed.from?.text ?? '',
            secure: session.secure,
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            code: /^(\d{5})$/m.exec(text)?.[1],
          })
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
}

async function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      // biome-ignore lint/suspicious/noExplicitAny: smtp-server's typings do not expose the net.Server
      resolve(((server as any).server.address() as AddressInfo).port)
    })
  })
}

const closeServer = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()))

export async function startSmtp(security: SmtpSecurity = 'plain'): Promise<TestSmtp> {
  const mails: ReceivedMail[] = []
  const auths: ReceivedAuth[] = []
  let server: SMTPServer | undefined = createServer(mails, auths, security)
  const port = await listen(server, 0)
  const to = (address: string) => mails.filter((m) => m.to.includes(address))
  return {
    url: `${security === 'smtps' ? 'smtps' : 'smtp'}://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    mails,
    auths,
    to,
    async waitFor(address, n = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        const mail = to(address)[n - 1]
        if (mail) return mail
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      throw new Error(`no mail #${n} to ${address} within ${timeoutMs} ms`)
    },
    async down() {
      if (server) await closeServer(server)
      server = undefined
    },
    async up() {
      if (server) return
      server = createServer(mails, auths, security)
      await listen(server, port)
    },
    async close() {
      if (server) await closeServer(server)
      server = undefined
    },
  }
}
