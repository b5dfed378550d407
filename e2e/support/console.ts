/** The operator console in end-to-end tests: operators enrolled with the bootstrap token, signed in with TOTP. */
import type { OperatorEnrolment } from '@app/contract/ops'
import type { Browser, Page } from 'playwright-core'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { totpCode } from '../../apps/server/src/modules/operators/totp.ts'
import { supplyAcceptedAccounts } from './accounts.ts'
import { answerPopup, openMiniApp } from './browser.ts'
import { type RunningServer, startServer } from './server.ts'

/** An operator made with the bootstrap token, as `npm run ops -- operator create` makes one: the enrolment. */
export const enrolOperator = (
  server: Pick<RunningServer, 'ops'>,
  login: string,
  role: 'operator' | 'admin',
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
 * validation and payments open, so a test's user can bring a payout that needs an approval.
 */
export async function startFourEyesServer(delaySeconds: number): Promise<RunningServer> {
  const server = await startServer({ FOUR_EYES_DELAY_SECONDS: String(delaySeconds) })
  await server.ops('PUT', '/settings/validation_delay_seconds', { value: 1 })
  await server.ops('PUT', '/settings/min_payment_limit', { value: '1' })
  await server.ops('PUT', '/settings/payment_open', { value: true })
  // From 0 (off) to an amount: more approvals, so at once.
  await server.ops('PUT', '/settings/payout_approval_above', { value: '0.5' })
  return server
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
