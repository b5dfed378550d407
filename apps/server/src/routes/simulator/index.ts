import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import type { Db } from '../../db/client.ts'
import { DEMO_REFERRAL_CODE, DEMO_USERS } from '../../modules/demo/demo-data.ts'
import { resetSandboxAccounts } from '../../modules/demo/repository.ts'
import type { WithServices } from '../../services.ts'
import { simulatedLaunch } from './simulated-launch.ts'

const asset = (name: string) => readFileSync(new URL(`./public/${name}`, import.meta.url), 'utf8')

const LaunchQuerySchema = z.object({
  user: z.coerce.number().check(z.int(), z.positive()),
  platform: z._default(z.enum(['ios', 'android', 'tdesktop']), 'ios'),
  lang: z._default(z.enum(['en', 'fa']), 'en'),
  theme: z._default(z.enum(['light', 'dark']), 'light'),
  /** The referral code the user "arrived by"; empty string launches without one. */
  startParam: z._default(z.string().check(z.maxLength(64), z.regex(/^[A-Za-z0-9_-]*$/)), DEMO_REFERRAL_CODE),
})

const ResetBodySchema = z.object({ user: z.number().check(z.int(), z.positive()) })

/**
 * Development and demo page that opens the mini-app in a phone-sized frame, launched the way Telegram
 * launches it (signed init data and theme in the URL hash, start parameter in the query), and answers the
 * app's bridge events (back button, popups, haptics, links) like a Telegram client would.
 */
export default async function simulatorRoutes(
  app: FastifyInstance,
  opts: { botToken: string; db: Db; sandbox: boolean; smtpConfigured: boolean } & WithServices<'emailOutbox'>,
) {
  const files = {
    html: asset('index.html'),
    js: asset('simulator.js'),
    css: asset('simulator.css'),
  }
  const users = DEMO_USERS.map((u) => ({
    id: u.telegramId,
    name: [u.firstName, u.lastName].filter(Boolean).join(' '),
    languageCode: u.languageCode,
  }))
  const config = JSON.stringify({ users, referralCode: DEMO_REFERRAL_CODE })

  app.get('/simulator', async (_req, reply) => reply.type('text/html; charset=utf-8').send(files.html))
  app.get('/simulator/simulator.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(files.js),
  )
  app.get('/simulator/simulator.css', async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(files.css),
  )
  app.get('/simulator/config.json', async (_req, reply) => reply.type('application/json').send(config))

  // The dev outbox: mail the server kept instead of sending (SMTP_URL unset), newest first, with the codes, so a
  // newcomer can finish an email registration in a desktop browser. Development only: the simulator is off in
  // production unless enabled.
  app.get('/simulator/outbox', async (_req, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('application/json')
      .send({ smtp: opts.smtpConfigured, mails: await opts.services.emailOutbox.latestDevMail(20) }),
  )

  app.get('/simulator/launch', async (req, reply) => {
    const parsed = LaunchQuerySchema.safeParse(req.query)
    const demoUser = parsed.success ? DEMO_USERS.find((u) => u.telegramId === parsed.data.user) : undefined
    if (!parsed.success || !demoUser) {
      return reply
        .code(400)
        .send({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'Unknown simulator user or option' })
    }
    const { platform, lang, theme, startParam } = parsed.data
    const user = {
      id: demoUser.telegramId,
      first_name: demoUser.firstName,
      ...(demoUser.lastName ? { last_name: demoUser.lastName } : {}),
      ...(demoUser.username ? { username: demoUser.username } : {}),
      language_code: lang,
      allows_write_to_pm: true,
    }
    return simulatedLaunch({ user, platform, theme, startParam }, opts.botToken)
  })

  // The sandbox's 2FA and login-email numbers work once per data folder (the account then exists): this
  // deletes the demo user's accounts that are on no invoice, so the table can be walked again.
  app.post('/simulator/reset-sandbox-accounts', async (req, reply) => {
    if (!opts.sandbox) {
      return reply
        .code(409)
        .send({ statusCode: 409, code: 'SANDBOX_OFF', message: 'Only with the sandbox account provider' })
    }
    const parsed = ResetBodySchema.safeParse(req.body)
    const demoUser = parsed.success ? DEMO_USERS.find((u) => u.telegramId === parsed.data.user) : undefined
    if (!demoUser) {
      return reply
        .code(400)
        .send({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'Unknown simulator user' })
    }
    return resetSandboxAccounts(opts.db, demoUser.telegramId)
  })
}
