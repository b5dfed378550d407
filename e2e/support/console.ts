/** The operator console in end-to-end tests: operators enrolled with the bootstrap token, signed in with TOTP. */
import type { OperatorEnrolment } from '@app/contract/ops'
import type { Browser, Page } from 'playwright-core'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { totpCode } from '../../apps/server/src/modules/operators/totp.ts'
import { supplyAcceptedAccounts } from './accounts.ts'
import { answerPopup, openMiniApp } from './browser.ts'
import type { E2eOptions } from './fixture.ts'
import type { RunningServer } from './server.ts'

/** An operator made with the bootstrap token, as `npm run ops -- operator create` makes one: the enrolment. */
export const enrolOperator = (
  server: Pick<RunningServer, 'ops'>,
  login: string,
  role: 'viewer' | 'operator' | 'admin',
) => server.ops('POST', '/operators', { login, role }) as Promise<OperatorEnrolment>

/** Signs the page in at /console as the enrolled operator (a TOTP code is good once: one sign-in per code step). */
export async function signInToConsole(
  page: Page,
  server: Pick<RunningServer, 'url'>,
  enrolment: OperatorEnrolment,
) {
  await page.goto(`${server.url}/console/`)
  await page.getByLabel('Login').fill(enrolment.operator.login)
  await page.getByLabel('Password').fill(enrolment.password)
  await page.getByLabel('Authenticator code').fill(totpCode(enrolment.totpSecret, new Date()))
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Overview' }).waitFor()
}

/**
 * A server where four eyes is on above 0.5 USDT and a new operator signs after `delaySeconds`, with quick
 * validation and payments open, so a test's user can bring a payout that needs an approval: `useE2e`'s options,
 * with `more` settings and rates on top.
 */
export function fourEyes(
  delaySeconds: number,
  more: Pick<E2eOptions, 'settings' | 'rates'> = {},
): E2eOptions {
  return {
    env: { FOUR_EYES_DELAY_SECONDS: String(delaySeconds) },
    settings: {
      validation_delay_seconds: 1,
      min_payment_limit: '1',
      payment_open: true,
      // From 0 (off) to an amount: more approvals, so at once.
      payout_approval_above: '0.5',
      ...more.settings,
    },
    ...(more.rates ? { rates: more.rates } : {}),
  }
}

/** The user's mini-app, opened through the demo referral link, with one accepted account of `phone`. */
export async function userWithAcceptedAccount(
  browser: Browser,
  server: RunningServer,
  user: { id: number; firstName: string; lastName?: string; languageCode: 'en' | 'fa' },
  phone: string,
  platform: 'ios' | 'android' = 'android',
): Promise<Page> {
  const { page } = await openMiniApp(browser, server, { user, platform, startParam: DEMO_REFERRAL_CODE })
  await page.getByTestId('dashboard-withdraw').waitFor({ timeout: 15_000 })
  await answerPopup(page, null) // the demo channel's join prompt, closed as a user would
  await supplyAcceptedAccounts(server, page, user.id, [phone])
  return page
}
