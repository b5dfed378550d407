import { readFileSync } from 'node:fs'
import { START_PARAM_PATTERN } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import type { ChannelMembershipChecker } from '#modules/dashboard/channel-membership.ts'
import type { WithServices } from '#src/services.ts'
import { DEMO_CHANNEL, DEMO_USERS } from '../demo/demo-data.ts'
import type { DemoService } from '../demo/service.ts'
import type { FakeBotApi } from '../fake-bot-api/server.ts'
import { simulatedLaunch } from './simulated-launch.ts'

const asset = (name: string) => readFileSync(new URL(`./public/${name}`, import.meta.url), 'utf8')

const LaunchQuerySchema = z.object({
  user: z.coerce.number().check(z.int(), z.positive()),
  platform: z._default(z.enum(['ios', 'android', 'tdesktop']), 'ios'),
  lang: z._default(z.enum(['en', 'fa']), 'en'),
  theme: z._default(z.enum(['light', 'dark']), 'light'),
  /**
   * The referral code the user "arrived by" or a bot button's screen; empty string launches without one; absent, the
   * user's own. Only what Telegram passes (64 characters of A-Z a-z 0-9 _ -).
   */
  startParam: z.optional(z.string().check(z.regex(START_PARAM_PATTERN))),
})

const ResetBodySchema = z.object({ user: z.number().check(z.int(), z.positive()) })
const BotChatQuerySchema = z.object({ user: z.coerce.number().check(z.int(), z.positive()) })
const MembershipBodySchema = z.object({ user: z.number().check(z.int(), z.positive()), joined: z.boolean() })
const SendBodySchema = z.object({
  user: z.number().check(z.int(), z.positive()),
  text: z.string().check(z.minLength(1), z.maxLength(4096)),
})
/** A photo the user sends to the bot: its bytes in base64 (small: the simulator's body limit), with a caption. */
const PhotoBodySchema = z.object({
  user: z.number().check(z.int(), z.positive()),
  data: z.base64().check(z.minLength(4), z.maxLength(64 * 1024)),
  caption: z.optional(z.string().check(z.maxLength(1024))),
})

/** A button's `startapp` parameter, so the page can relaunch the mini-app with it. */
function startParamOf(url: string): string | null {
  try {
    return new URL(url).searchParams.get('startapp')
  } catch {
    return null
  }
}

/**
 * Development and demo page that opens the mini-app in a phone-sized frame, launched the way Telegram
 * launches it (signed init data and theme in the URL hash, start parameter in the query), and answers the
 * app's bridge events (back button, popups, haptics, links) like a Telegram client would.
 */
export default async function simulatorRoutes(
  app: FastifyInstance,
  opts: {
    botToken: string
    sandbox: boolean
    smtpConfigured: boolean
    /** Serve the dev outbox, codes and all (GET /simulator/outbox): never in production. */
    devOutbox: boolean
    /** Development without a real bot: the in-process fake Bot API, whose chat the page shows. */
    fakeBotApi?: FakeBotApi | undefined
    channelMembership?: ChannelMembershipChecker | undefined
  } & WithServices<'emailOutbox'> & { services: { demo: DemoService } },
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
    note: u.note,
    startParam: u.startParam,
  }))
  const config = JSON.stringify({ users })

  app.get('/simulator', async (_req, reply) => reply.type('text/html; charset=utf-8').send(files.html))
  app.get('/simulator/simulator.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(files.js),
  )
  app.get('/simulator/simulator.css', async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(files.css),
  )
  app.get('/simulator/config.json', async (_req, reply) => reply.type('application/json').send(config))

  // The dev outbox: mail the server kept instead of sending (SMTP_URL unset), newest first, with the codes, so a
  // newcomer can finish an email registration in a desktop browser. Never in production, even with SIMULATOR on:
  // it would hand anyone every code (docs/email-auth.md, 'Dev outbox').
  if (opts.devOutbox) {
    app.get('/simulator/outbox', async (_req, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('application/json')
        .send({ smtp: opts.smtpConfigured, mails: await opts.services.emailOutbox.latestDevMail(20) }),
    )
  }

  // The bot's chat with the selected user, as the fake Bot API recorded it, and the demo channel's switch.
  const fake = opts.fakeBotApi
  const demoUserOf = (id: number) => DEMO_USERS.find((u) => u.telegramId === id)
  const badRequest = { statusCode: 400, code: 'VALIDATION_ERROR', message: 'Unknown simulator user' }
  const noFake = {
    statusCode: 409,
    code: 'NO_FAKE_BOT_API',
    message: 'Only with the fake Bot API (no TELEGRAM_BOT_TOKEN)',
  }
  app.get('/simulator/bot-chat', async (req, reply) => {
    const parsed = BotChatQuerySchema.safeParse(req.query)
    if (!parsed.success || !demoUserOf(parsed.data.user)) return reply.code(400).send(badRequest)
    reply.header('cache-control', 'no-store')
    if (!fake) return { fake: false, channel: DEMO_CHANNEL, joined: false, messages: [] }
    const member = (await fetch(`${fake.url}/bot${opts.botToken}/getChatMember`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: `@${DEMO_CHANNEL}`, user_id: parsed.data.user }),
    }).then((r) => r.json())) as { result?: { status: string } }
    const status = member.result?.status ?? 'left'
    return {
      fake: true,
      channel: DEMO_CHANNEL,
      joined: status === 'member' || status === 'administrator' || status === 'creator',
      messages: fake.messagesTo(parsed.data.user).map((m) => {
        const rows = (m.reply_markup as { inline_keyboard?: { text: string; url?: string }[][] } | undefined)
          ?.inline_keyboard
        return {
          id: m.message_id,
          date: m.date,
          text: m.text,
          buttons: (rows ?? []).flat().map((b) => ({
            text: b.text,
            url: b.url ?? null,
            startParam: b.url ? startParamOf(b.url) : null,
          })),
        }
      }),
    }
  })
  app.post('/simulator/bot-chat/membership', async (req, reply) => {
    const parsed = MembershipBodySchema.safeParse(req.body)
    if (!parsed.success || !demoUserOf(parsed.data.user)) return reply.code(400).send(badRequest)
    if (!fake) return reply.code(409).send(noFake)
    fake.setMember(DEMO_CHANNEL, parsed.data.user, parsed.data.joined ? 'member' : 'left')
    // The server keeps each answer briefly: the demo wants the switch seen at the next launch.
    const checker = opts.channelMembership as { forget?: (id: number) => void } | undefined
    checker?.forget?.(parsed.data.user)
    return { joined: parsed.data.joined }
  })
  app.post('/simulator/bot-chat/send', async (req, reply) => {
    const parsed = SendBodySchema.safeParse(req.body)
    const demoUser = parsed.success ? demoUserOf(parsed.data.user) : undefined
    if (!parsed.success || !demoUser) return reply.code(400).send(badRequest)
    if (!fake) return reply.code(409).send(noFake)
    await fake.userSends(
      { id: demoUser.telegramId, first_name: demoUser.firstName, language_code: demoUser.languageCode },
      parsed.data.text,
    )
    return { sent: true }
  })

  app.post('/simulator/bot-chat/photo', async (req, reply) => {
    const parsed = PhotoBodySchema.safeParse(req.body)
    const demoUser = parsed.success ? demoUserOf(parsed.data.user) : undefined
    if (!parsed.success || !demoUser) return reply.code(400).send(badRequest)
    if (!fake) return reply.code(409).send(noFake)
    await fake.userSendsPhoto(
      { id: demoUser.telegramId, first_name: demoUser.firstName, language_code: demoUser.languageCode },
      Buffer.from(parsed.data.data, 'base64'),
      parsed.data.caption,
    )
    return { sent: true }
  })

  app.get('/simulator/launch', async (req, reply) => {
    const parsed = LaunchQuerySchema.safeParse(req.query)
    const demoUser = parsed.success ? DEMO_USERS.find((u) => u.telegramId === parsed.data.user) : undefined
    if (!parsed.success || !demoUser) {
      return reply
        .code(400)
        .send({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'Unknown simulator user or option' })
    }
    const { platform, lang, theme, startParam = demoUser.startParam } = parsed.data
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
    return opts.services.demo.resetSandboxAccounts(demoUser.telegramId)
  })
}
