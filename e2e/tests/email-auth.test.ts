/**
 * Email and password sign-in end to end (issue 10), in a plain browser (no Telegram launch parameters): register
 * through the referral gate, read the code from a real SMTP server the test starts, verify, log in, reach the
 * dashboard; then reset the password, see the old one refused and log in with the new one. On the way, the email as
 * the password (the form says no) and a common password (the server says no). English and Persian.
 */
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { startSmtp, type TestSmtp } from '../../apps/server/test/helpers/smtp.ts'
import { settle } from '../support/a11y.ts'
import { answerPopup, goInApp, openMiniApp, PHONE, screenshot } from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'

let smtp: TestSmtp

const e2e = useE2e({
  env: async () => {
    smtp = await startSmtp()
    return { SMTP_URL: smtp.url, EMAIL_OUTBOX_POLL_MS: '200' }
  },
  // On PostgreSQL when TEST_DATABASE_URL is set: the secrets scan after the run dumps that database too.
  postgres: true,
})

afterAll(async () => {
  await smtp?.close()
})

type Words = Record<
  | 'email'
  | 'password'
  | 'newPassword'
  | 'retype'
  | 'referral'
  | 'code'
  | 'success'
  | 'error'
  | 'registered'
  | 'verified'
  | 'invalidCredentials'
  | 'passwordIsEmail'
  | 'tooCommon',
  string
>

const WORDS: Record<'en' | 'fa', Words> = {
  en: {
    email: 'Email',
    password: 'Password',
    newPassword: 'New password',
    retype: 'Retype password',
    referral: 'Referral code',
    code: 'Code',
    success: 'Success',
    error: 'Error',
    registered: 'Register successful! We send a email verification code to your email',
    verified: 'Email verified successfully',
    invalidCredentials: 'Invalid email or password',
    passwordIsEmail: 'Password must not be your email',
    tooCommon: 'This password is too common: choose another',
  },
  fa: {
    email: 'ایمیل',
    password: 'رمز عبور',
    newPassword: 'رمز عبور جدید',
    retype: 'تکرار رمز عبور',
    referral: 'کد معرف',
    code: 'کد',
    success: 'موفق',
    error: 'خطا',
    registered: 'ثبت‌نام با موفقیت انجام شد!',
    verified: 'ایمیل با موفقیت تأیید شد',
    invalidCredentials: 'ایمیل یا رمز عبور نامعتبر است',
    passwordIsEmail: 'رمز عبور نباید همان ایمیل شما باشد',
    tooCommon: 'این رمز عبور بسیار رایج است: رمز دیگری انتخاب کنید',
  },
}

/** The in-app dialog titled `title` says `text`; its first button closes it. */
async function dialog(page: Page, title: string, text: string) {
  const box = page.getByRole('alertdialog', { name: title })
  await box.waitFor({ timeout: 15_000 })
  expect(await box.innerText()).toContain(text)
  await box.getByRole('button').first().click()
  await box.waitFor({ state: 'hidden' })
}

async function logIn(page: Page, w: Words, email: string, password: string) {
  await page.getByTestId('login').waitFor()
  await page.getByLabel(w.email, { exact: true }).fill(email)
  await page.getByLabel(w.password, { exact: true }).fill(password)
  await page.getByTestId('login-submit').click()
}

/** Home showing who signed in; the demo channel's prompt comes once per app session and is closed. */
async function reachDashboard(page: Page, email: string, channelPrompt: boolean) {
  await page.getByTestId('user-card-email').getByText(email).waitFor({ timeout: 15_000 })
  if (!channelPrompt) return
  const prompt = page.getByRole('alertdialog')
  await prompt.waitFor({ timeout: 15_000 })
  await prompt.getByRole('button').first().click()
  await prompt.waitFor({ state: 'hidden' })
}

describe.each(['en', 'fa'] as const)('email sign-in outside Telegram (%s)', (lang) => {
  it('register, verify with the mailed code, log in; reset the password, log in with the new one', async () => {
    const w = WORDS[lang]
    const email = `ada.${lang}.${Date.now().toString(36)}@example.com`
    const context = await e2e.browser.newContext({
      ...PHONE,
      locale: lang === 'fa' ? 'fa-IR' : 'en-US',
    })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))

    // A plain browser opens on the email login, not on the platform gate.
    await page.goto(`${e2e.server.url}/`)
    await page.getByTestId('login').waitFor({ timeout: 15_000 })
    expect(new URL(page.url()).pathname).toBe('/login')
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'fa' ? 'rtl' : 'ltr')

    // Register through the referral gate. The email as the password is refused by the form; a common password
    // by the server (its list never reaches the page).
    await page.getByTestId('login-register').click()
    await page.getByTestId('register').waitFor()
    const choosePassword = async (password: string) => {
      await page.getByLabel(w.password, { exact: true }).fill(password)
      await page.getByLabel(w.retype, { exact: true }).fill(password)
      await page.getByTestId('register-submit').click()
    }
    await page.getByLabel(w.email, { exact: true }).fill(email)
    await page.getByLabel(w.referral, { exact: true }).fill(DEMO_REFERRAL_CODE)
    await choosePassword(email)
    await page.getByText(w.passwordIsEmail).waitFor()
    await screenshot(page, `email-auth-${lang}-password-is-email`)
    await choosePassword('Password1')
    await page.getByRole('alertdialog', { name: w.error }).waitFor({ timeout: 15_000 })
    await settle(page)
    await screenshot(page, `email-auth-${lang}-password-too-common`)
    await dialog(page, w.error, w.tooCommon)
    await choosePassword('first-password')
    await dialog(page, w.success, w.registered)
    await page.getByTestId('email-verification').waitFor()
    await screenshot(page, `email-auth-${lang}-verify`)

    // The code that arrives by SMTP is the one that works.
    const verification = await smtp.waitFor(email, 1, 20_000)
    expect(verification.code).toMatch(/^\d{5}$/)
    await page.getByLabel(w.code, { exact: true }).fill(verification.code ?? '')
    await page.getByTestId('email-verification-submit').click()
    await dialog(page, w.success, w.verified)

    // Login (the email is filled in already) and home shows who signed in.
    await page.getByTestId('login').waitFor()
    expect(await page.getByLabel(w.email, { exact: true }).inputValue()).toBe(email)
    await logIn(page, w, email, 'first-password')
    await reachDashboard(page, email, true)
    await screenshot(page, `email-auth-${lang}-dashboard`)

    // Log out, reset the password.
    await page.getByTestId('user-card-logout').click()
    await page.getByTestId('login-password-reset').click()
    await page.getByTestId('password-reset-request').waitFor()
    await page.getByLabel(w.email, { exact: true }).fill(email)
    await page.getByLabel(w.newPassword, { exact: true }).fill('second-password')
    await page.getByLabel(w.retype, { exact: true }).fill('second-password')
    await page.getByTestId('password-reset-request-submit').click()
    await page.getByTestId('password-reset-confirm').waitFor()
    const reset = await smtp.waitFor(email, 2, 20_000)
    await page.getByLabel(w.code, { exact: true }).fill(reset.code ?? '')
    await page.getByTestId('password-reset-confirm-submit').click()
    await dialog(page, w.success, email)

    // The old password is refused; the new one signs in.
    await logIn(page, w, email, 'first-password')
    await dialog(page, w.error, w.invalidCredentials)
    await page.getByLabel(w.password, { exact: true }).fill('second-password')
    await page.getByTestId('login-submit').click()
    await reachDashboard(page, email, false)
    await screenshot(page, `email-auth-${lang}-after-reset`)

    expect(errors).toEqual([])
    await context.close()
  })
})

/** Issue 38, item 9: email is a second way into the same account, and a Telegram user can add it from home. */
let nextTelegramId = 884_000_001

describe.each([
  ['en', 'light', 'dark'],
  ['fa', 'dark', 'light'],
] as const)('a Telegram user adds a sign-in email (%s, %s)', (lang, theme, otherTheme) => {
  it("from home's user card: register with the session, the mailed code, home shows it; it signs in to the same account", async () => {
    const w = WORDS[lang]
    const words = {
      en: { add: 'Add a sign-in email', title: 'Add a sign-in email' },
      fa: { add: 'افزودن ایمیل ورود', title: 'افزودن ایمیل ورود' },
    }[lang]
    const email = `tg.${lang}.${Date.now().toString(36)}@example.com`
    const user = { id: nextTelegramId++, firstName: 'Ada', lastName: 'Telegram', languageCode: lang }
    const { page, context, errors } = await openMiniApp(e2e.browser, e2e.server, {
      user,
      platform: 'ios',
      theme,
      startParam: DEMO_REFERRAL_CODE,
    })
    await page.getByTestId('dashboard-withdraw').waitFor({ timeout: 15_000 })
    await answerPopup(page, null)
    const add = page.getByTestId('user-card').getByRole('link', { name: words.add })
    await add.waitFor()
    await screenshot(page, `sign-in-email-${lang}-${theme}-home-add`)

    await add.click()
    await page.getByRole('heading', { level: 1, name: words.title }).waitFor()
    expect(await page.getByLabel(w.referral, { exact: true }).count()).toBe(0)
    await page.getByLabel(w.email, { exact: true }).fill(email)
    await page.getByLabel(w.password, { exact: true }).fill('telegram-second-way')
    await page.getByLabel(w.retype, { exact: true }).fill('telegram-second-way')
    await screenshot(page, `sign-in-email-${lang}-${theme}-register`)
    await page.getByTestId('register-submit').click()
    expect(await answerPopup(page, w.success)).toContain(w.registered)

    await page.getByTestId('email-verification').waitFor()
    const mail = await smtp.waitFor(email, 1, 20_000)
    await page.getByLabel(w.code, { exact: true }).fill(mail.code ?? '')
    await page.getByTestId('email-verification-submit').click()
    expect(await answerPopup(page, w.success)).toContain(w.verified)

    // Home again (not the email login: this user is signed in), the card showing the email.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/')
    await page.getByTestId('user-card-email').getByText(email).waitFor({ timeout: 15_000 })
    expect(await add.count()).toBe(0)
    await screenshot(page, `sign-in-email-${lang}-${theme}-home-email`)
    const shown = (await e2e.server.ops('GET', `/users/${user.id}`)) as { email: string | null }
    expect(shown.email).toBe(email)
    expect(errors).toEqual([])
    await context.close()

    // The form in the other theme, for the screenshots.
    const other = await openMiniApp(e2e.browser, e2e.server, { user, platform: 'android', theme: otherTheme })
    await other.page.getByTestId('user-card-email').waitFor({ timeout: 15_000 })
    await goInApp(other.page, '/register')
    await other.page.getByRole('heading', { level: 1, name: words.title }).waitFor()
    await screenshot(other.page, `sign-in-email-${lang}-${otherTheme}-register`)
    await other.context.close()

    // The same account by email, in a plain browser: home names the email, and its Telegram user's balance row.
    const browser = await e2e.browser.newContext({ ...PHONE, locale: lang === 'fa' ? 'fa-IR' : 'en-US' })
    const web = await browser.newPage()
    await web.goto(`${e2e.server.url}/login`)
    await logIn(web, w, email, 'telegram-second-way')
    await reachDashboard(web, email, false)
    await browser.close()
  })
})
