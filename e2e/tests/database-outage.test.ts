/**
 * PostgreSQL stopped while the mini-app and the console are open (docs/resilience.md, 'Outages'), on a throwaway
 * PostgreSQL of the test's own: at 390 px, in English (light) and Persian (dark), the mini-app says 'temporarily
 * unavailable, retrying' and the console the same, with no error dialog; once PostgreSQL is back both come back by
 * themselves, home loaded, without a reload.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import {
  createThrowawayDatabase,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../apps/server/test/helpers/throwaway-services.ts'
import { answerPopup, openMiniApp, PHONE_SCALE, PHONE_VIEWPORT, screenshot } from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'

let postgres: ThrowawayPostgres

const e2e = useE2e({
  env: async () => {
    postgres = await startThrowawayPostgres()
    return { DATABASE_URL: await createThrowawayDatabase(postgres, 'e2e_outage') }
  },
})

// Vitest runs after-hooks last-registered first: this one before the fixture's, so the server stops on a database
// already gone (it stops all the same).
afterAll(async () => {
  await postgres?.destroy()
})

const BANNER = {
  en: 'Temporarily unavailable. Retrying…',
  fa: 'موقتاً در دسترس نیست. در حال تلاش دوباره…',
} as const

describe('the database stops while users and operators are on their screens', () => {
  it('both say temporarily unavailable, retrying, and come back by themselves', async () => {
    const open = async (languageCode: 'en' | 'fa', id: number) => {
      const theme = languageCode === 'en' ? 'light' : 'dark'
      const user = { id, firstName: 'Outage', lastName: 'Test', languageCode }
      const opened = await openMiniApp(e2e.browser, e2e.server, {
        user,
        platform: 'ios',
        theme,
        startParam: DEMO_REFERRAL_CODE,
      })
      await opened.page.getByTestId('dashboard-accounts').waitFor({ timeout: 20_000 })
      await answerPopup(opened.page, null)
      return opened
    }
    const pages = { en: await open('en', 885_000_001), fa: await open('fa', 885_000_002) }
    const consoles = await Promise.all(
      (['en-US', 'fa-IR'] as const).map(async (locale) => {
        const context = await e2e.browser.newContext({
          viewport: PHONE_VIEWPORT,
          deviceScaleFactor: PHONE_SCALE,
          locale,
        })
        return context.newPage()
      }),
    )

    await postgres.stop()
    const stoppedAt = Date.now()
    // A user opens the app again (the launch signs in, which needs the database); an operator opens the console.
    await Promise.all([
      pages.en.page.reload(),
      pages.fa.page.reload(),
      ...consoles.map((page) => page.goto(`${e2e.server.url}/console/`)),
    ])
    for (const language of ['en', 'fa'] as const) {
      const banner = pages[language].page.getByTestId('network-banner')
      await banner.waitFor({ timeout: 15_000 })
      expect(await banner.innerText()).toBe(BANNER[language])
      await screenshot(pages[language].page, `database-outage-mini-app-${language}`)
    }
    for (const [index, language] of (['en', 'fa'] as const).entries()) {
      const page = consoles[index]
      if (!page) throw new Error('no console page')
      // Signing in asks the database (the console's first screen does not).
      await page.getByLabel('Login').fill('operator')
      await page.getByLabel('Password').fill('a password of some length')
      await page.getByLabel('Authenticator code').fill('123456')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByText(BANNER[language]).waitFor({ timeout: 15_000 })
      await screenshot(page, `database-outage-console-${language}`)
    }
    expect(await pages.en.page.getByRole('alertdialog').count()).toBe(0)

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 15_000 - (Date.now() - stoppedAt))))
    await postgres.start()
    const startedAt = Date.now()
    for (const language of ['en', 'fa'] as const) {
      const { page } = pages[language]
      await page.getByTestId('dashboard-accounts').waitFor({ timeout: 40_000 })
      await page.getByTestId('network-banner').waitFor({ state: 'detached', timeout: 20_000 })
    }
    // The sign-in sent again by itself gets its answer (a wrong login: 401), and the banner goes.
    for (const [index, language] of (['en', 'fa'] as const).entries()) {
      await consoles[index]?.getByText(BANNER[language]).waitFor({ state: 'detached', timeout: 40_000 })
    }
    console.log(
      `database outage e2e: both screens back ${Date.now() - startedAt} ms after PostgreSQL started`,
    )
    for (const page of consoles) await page.context().close()
    for (const { context } of Object.values(pages)) await context.close()
  }, 180_000)
})
