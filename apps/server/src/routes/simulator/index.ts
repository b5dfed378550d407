import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { DEMO_REFERRAL_CODE, DEMO_USERS } from '../../modules/demo/demo-data.ts'
import { signInitData } from './sign-init-data.ts'
import { themeParamsFor } from './theme-params.ts'

/** Telegram client version the simulator claims: new enough for popups, haptics, safe areas. */
const SIMULATED_CLIENT_VERSION = '8.0'

const asset = (name: string) => readFileSync(new URL(`./public/${name}`, import.meta.url), 'utf8')

const LaunchQuerySchema = z.object({
  user: z.coerce.number().int().positive(),
  platform: z.enum(['ios', 'android', 'tdesktop']).default('ios'),
  lang: z.enum(['en', 'fa']).default('en'),
  theme: z.enum(['light', 'dark']).default('light'),
  /** The referral code the user "arrived by"; empty string launches without one. */
  startParam: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/)
    .default(DEMO_REFERRAL_CODE),
})

/**
 * Development and demo page that opens the mini-app in a phone-sized frame, launched the way Telegram
 * launches it (signed init data and theme in the URL hash, start parameter in the query), and answers the
 * app's bridge events (back button, popups, haptics, links) like a Telegram client would.
 */
export default async function simulatorRoutes(app: FastifyInstance, opts: { botToken: string }) {
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

  app.get('/simulator/launch', async (req, reply) => {
    const parsed = LaunchQuerySchema.safeParse(req.query)
    const demoUser = parsed.success ? DEMO_USERS.find((u) => u.telegramId === parsed.data.user) : undefined
    if (!parsed.success || !demoUser) {
      return reply
        .code(400)
        .send({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'Unknown simulator user or option' })
    }
    const { platform, lang, theme, startParam } = parsed.data
    const initData = signInitData(
      {
        user: {
          id: demoUser.telegramId,
          first_name: demoUser.firstName,
          ...(demoUser.lastName ? { last_name: demoUser.lastName } : {}),
          ...(demoUser.username ? { username: demoUser.username } : {}),
          language_code: lang,
          allows_write_to_pm: true,
        },
        authDate: Math.floor(Date.now() / 1000),
        ...(startParam ? { startParam } : {}),
      },
      opts.botToken,
    )
    const hash = new URLSearchParams({
      tgWebAppData: initData,
      tgWebAppVersion: SIMULATED_CLIENT_VERSION,
      tgWebAppPlatform: platform,
      tgWebAppThemeParams: JSON.stringify(themeParamsFor(platform, theme)),
    })
    const query = startParam ? `?${new URLSearchParams({ tgWebAppStartParam: startParam })}` : ''
    return { url: `/${query}#${hash}`, themeParams: themeParamsFor(platform, theme) }
  })
}
