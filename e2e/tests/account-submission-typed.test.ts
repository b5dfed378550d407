/**
 * Submitting an account as a Persian-speaking (and an English-speaking) supplier does it on the first try (issue 38,
 * items 1 to 4), on the real server and the sandbox provider, in Chromium at 390x844:
 * 1. the number typed as Telegram shows it, or the Iranian way, with the country picked on the phone screen;
 * 2. wrong codes say the tries left, and a used-up session says so and starts again with the number filled in;
 * 3. back never walks into finished screens (Telegram's back button: list -> home after a submission);
 * 4. phones read left to right in the Persian dialogs (the app's own dialogs, drawn for the screenshots).
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { SANDBOX_LOGIN_CODE } from '../../apps/server/src/providers/sandbox/scenarios.ts'
import {
  answerPopup,
  openMiniApp,
  screenshot,
  sendTelegramEvent,
  telegramEvents,
} from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'

const e2e = useE2e({ postgres: true })
let nextTelegramId = 887_000_001

const LTR = (text: string) => `\u2066${text}\u2069`
/** An example number in a message: isolated, with no-break spaces (never split across lines). */
const EXAMPLE = (phone: string) => LTR(phone.replaceAll(' ', '\u00a0'))
const toPersianDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)))

const WORDS = {
  en: {
    phone: 'Phone number',
    country: 'Country',
    code: 'Code',
    accounts: 'Accounts',
    error: 'Error',
    editNumber: 'Edit number',
    edit: 'Edit',
    triesLeft: '4 tries left.',
    tooMany: 'Too many tries',
    restart: 'Start again',
    registered: 'Account registered',
    info: 'Account Info',
    example: 'For example:',
  },
  fa: {
    phone: 'شماره تلفن',
    country: 'کشور',
    code: 'کد',
    accounts: 'اکانت‌ها',
    error: 'خطا',
    editNumber: 'ویرایش شماره',
    edit: 'ویرایش',
    triesLeft: '4 بار دیگر می‌توانید امتحان کنید.',
    tooMany: 'تلاش‌ها تمام شد',
    restart: 'شروع دوباره',
    registered: 'اکانت ثبت شد',
    info: 'اطلاعات اکانت',
    example: 'برای نمونه:',
  },
} as const
type Lang = keyof typeof WORDS

/**
 * A new user arrives by the demo referral link and opens the accounts list from home (two history entries).
 * `version` 6.1: a client without native popups, so the app draws its dialogs (screenshots of them).
 */
async function openAccounts(lang: Lang, { version, theme }: { version?: string; theme?: 'dark' } = {}) {
  const user = { id: nextTelegramId++, firstName: 'Supplier', languageCode: lang }
  const opened = await openMiniApp(e2e.browser, e2e.server, {
    user,
    platform: 'android',
    startParam: DEMO_REFERRAL_CODE,
    ...(version ? { version } : {}),
    ...(theme ? { theme } : {}),
  })
  const { page } = opened
  await page.getByTestId('dashboard-accounts').waitFor({ timeout: 15_000 })
  // The demo channel's prompt comes first; closed as a user would.
  if (version) await closeDialog(page)
  else await answerPopup(page, null)
  await page.getByTestId('dashboard-accounts').click()
  await page.getByRole('heading', { level: 1, name: WORDS[lang].accounts }).waitFor()
  return opened
}

/**
 * The app's own dialog (titled `title`, or any): its text, then the button named `press` (or the first). With
 * `phone`: that number is drawn left to right in it.
 */
async function closeDialog(
  page: Page,
  title?: string,
  press?: string,
  shot?: string,
  phone?: string,
): Promise<string> {
  const box = title ? page.getByRole('alertdialog', { name: title }) : page.getByRole('alertdialog')
  await box.waitFor({ timeout: 15_000 })
  const text = await box.innerText()
  if (phone) expect(await readsLeftToRight(page, '[role="alertdialog"]', phone), phone).toBe(true)
  if (shot) {
    // Past the dialog's fade-in (0.2 s), so the picture shows it as the user reads it.
    await page.waitForTimeout(300)
    await screenshot(page, shot)
  }
  await (press ? box.getByRole('button', { name: press }) : box.getByRole('button').first()).click()
  await box.waitFor({ state: 'hidden' })
  return text
}

/**
 * Whether `phone` is drawn left to right inside `selector`'s text, as the user sees it: its first character ('+' or
 * '0') lies left of its last digit (a reversed number, '0020 000 912 98+', has them the other way round). The
 * first match in the element's text; spaces may be no-break ones.
 */
async function readsLeftToRight(page: Page, selector: string, phone: string): Promise<boolean> {
  return page.evaluate(
    ([css, wanted]) => {
      const element = document.querySelector(css)
      if (!element) throw new Error(`no ${css}`)
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      const pattern = wanted.replaceAll(' ', '[ \u00a0]').replace('+', '\\+')
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const found = new RegExp(pattern).exec(node.textContent ?? '')
        if (!found) continue
        const at = (offset: number) => {
          const range = document.createRange()
          range.setStart(node, offset)
          range.setEnd(node, offset + 1)
          return range.getBoundingClientRect()
        }
        const first = at(found.index)
        const last = at(found.index + found[0].length - 1)
        // On one line, the first character left of the last; across a wrap, the lines must go down in order.
        return first.top === last.top ? first.left < last.left : first.top < last.top
      }
      throw new Error(`${wanted} not in ${css}`)
    },
    [selector, phone] as const,
  )
}

async function fill(page: Page, label: string, value: string, submit: string) {
  await page.getByLabel(label, { exact: true }).fill(value)
  await page.getByTestId(submit).click()
}

const path = (page: Page) => new URL(page.url()).pathname

async function pressBack(page: Page) {
  await sendTelegramEvent(page, 'back_button_pressed')
}

async function backButtonShown(page: Page) {
  const setups = (await telegramEvents(page)).filter((event) => event.type === 'web_app_setup_back_button')
  return setups.at(-1)?.data?.is_visible
}

/** National digits of distinct ordinary sandbox numbers (+98 935 100 0xxx), one per use. */
let nextNumber = 0
const ordinary = () => {
  nextNumber += 1
  const last = String(nextNumber).padStart(4, '0')
  return { national: `0935 100 ${last}`, formatted: `+98 935 100 ${last}` }
}

describe.each(['fa', 'en'] as const)('submitting an account, typed as people type it (%s)', (lang) => {
  const w = WORDS[lang]

  it('1 and 3: the number as typed in its country, edited once, submitted; back on the list goes home', async () => {
    const { page, context, errors } = await openAccounts(lang)
    await page.getByTestId('accounts-login').click()
    await page.getByTestId('submit-phone').waitFor()
    const country = page.getByLabel(w.country, { exact: true })
    // Persian users start in Iran; others pick a country (the server remembers it).
    await expect.poll(() => country.inputValue()).toBe(lang === 'fa' ? 'IR' : '')
    await screenshot(page, `typed-phone-${lang}`)

    const number = ordinary()
    if (lang === 'en') {
      // Without a country a national number is refused, with the form numbers take.
      await fill(page, w.phone, number.national, 'submit-phone-submit')
      const message = await answerPopup(page, w.error)
      expect(message).toContain(`Invalid phone number.\n`)
      expect(message).toContain(EXAMPLE('+44 7400 123456'))
      await country.selectOption('IR')
      expect(await page.getByLabel(w.phone, { exact: true }).getAttribute('placeholder')).toBe(
        '0912 345 6789',
      )
      await screenshot(page, `typed-phone-picked-${lang}`)
      await fill(page, w.phone, number.national.replaceAll(' ', '-'), 'submit-phone-submit')
    } else {
      // Persian digits, spaces and the trunk 0, as an Iranian keyboard types it.
      await fill(page, w.phone, toPersianDigits(number.national), 'submit-phone-submit')
    }
    await page.getByTestId('submit-code').waitFor()
    expect(await page.getByTestId('submit-code').innerText()).toContain(number.formatted)
    expect(await readsLeftToRight(page, '[data-testid="submit-code"]', number.formatted)).toBe(true)
    await screenshot(page, `typed-code-${lang}`)

    // Edit number: the phone screen comes back in place of the code screen, the number filled in.
    await pressBack(page)
    expect(await answerPopup(page, w.editNumber, w.edit)).toContain(LTR(number.formatted))
    await page.getByTestId('submit-phone').waitFor()
    expect(await page.getByLabel(w.phone, { exact: true }).inputValue()).toBe(number.formatted)
    await page.getByTestId('submit-phone-submit').click()
    await fill(page, w.code, SANDBOX_LOGIN_CODE, 'submit-code-submit')

    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/accounts/pending')
    await page.getByTestId('account-row').getByText(number.formatted).waitFor({ timeout: 15_000 })
    await screenshot(page, `typed-list-${lang}`)
    expect(await backButtonShown(page)).toBe(true)
    await pressBack(page)
    await expect.poll(() => path(page)).toBe('/')
    await page.getByTestId('dashboard-accounts').waitFor()
    await expect.poll(() => backButtonShown(page)).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })

  it('2: wrong codes say the tries left; the fifth ends the session, which starts again with the number', async () => {
    const { page, context, errors } = await openAccounts(lang, { version: '6.1' })
    await page.getByTestId('accounts-login').click()
    const number = ordinary()
    await fill(page, w.phone, lang === 'fa' ? number.national : number.formatted, 'submit-phone-submit')
    await page.getByTestId('submit-code').waitFor()

    for (let wrong = 1; wrong <= 4; wrong += 1) {
      await fill(page, w.code, '00000', 'submit-code-submit')
      const shot = wrong === 1 ? `ended-tries-left-${lang}` : undefined
      const text = await closeDialog(page, w.error, undefined, shot)
      if (wrong === 1) expect(text).toContain(w.triesLeft)
    }
    await fill(page, w.code, '00000', 'submit-code-submit')
    const ended = await closeDialog(page, w.tooMany, w.restart, `ended-dialog-${lang}`, number.formatted)
    expect(ended).toContain(LTR(number.formatted))

    await page.getByTestId('submit-phone').waitFor()
    expect(await page.getByLabel(w.phone, { exact: true }).inputValue()).toBe(number.formatted)
    await screenshot(page, `ended-restart-${lang}`)
    await page.getByTestId('submit-phone-submit').click()
    await fill(page, w.code, SANDBOX_LOGIN_CODE, 'submit-code-submit')
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/accounts/pending')
    // Press back as a person would: once the list is on screen, not while the code screen still shows.
    await page.getByTestId('account-row').getByText(number.formatted).waitFor({ timeout: 15_000 })
    // The wizard was one entry: back goes home.
    await pressBack(page)
    await expect.poll(() => path(page)).toBe('/')
    expect(errors).toEqual([])
    await context.close()
  })

  it('4: the sign-up success and the account info dialogs keep the phone left to right', async () => {
    const { page, context, errors } = await openAccounts(lang, { version: '6.1' })
    await page.getByTestId('accounts-register').click()
    await page.getByTestId('signup-phone').waitFor()
    const number = ordinary()
    await fill(page, w.phone, `+98 ${number.national.slice(1)}`, 'signup-phone-submit')
    await fill(page, w.code, SANDBOX_LOGIN_CODE, 'signup-code-submit')
    const success = await closeDialog(
      page,
      w.registered,
      undefined,
      `phones-signup-success-${lang}`,
      number.formatted,
    )
    expect(success).toContain(LTR(number.formatted))

    await page.getByTestId('account-row').first().click()
    await page.getByTestId('account-detail').waitFor()
    await page.getByTestId('account-info').click()
    const info = await closeDialog(page, w.info, undefined, `phones-account-info-${lang}`, number.formatted)
    expect(info).toContain(LTR(number.formatted))
    expect(errors).toEqual([])
    await context.close()
  })

  it('the phone screen in the dark theme', async () => {
    const { page, context } = await openAccounts(lang, { theme: 'dark' })
    await page.getByTestId('accounts-login').click()
    await page.getByTestId('submit-phone').waitFor()
    await page.getByTestId('submit-phone-submit').click()
    await page.getByRole('alert').waitFor()
    await screenshot(page, `typed-phone-dark-${lang}`)
    expect(await page.getByRole('alert').innerText()).toContain(lang === 'fa' ? 'شماره تلفن' : 'Phone number')
    await context.close()
  })
})

describe('the example of an invalid number', () => {
  it.each(['fa', 'en'] as const)('(%s) is the picked country’s, left to right', async (lang) => {
    const { page, context } = await openAccounts(lang)
    await page.getByTestId('accounts-login').click()
    await page.getByLabel(WORDS[lang].country, { exact: true }).selectOption('IR')
    await fill(page, WORDS[lang].phone, '0935 1', 'submit-phone-submit')
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.innerText()).toContain(
      `${WORDS[lang].example} ${EXAMPLE('0912 345 6789')} ${lang === 'fa' ? 'یا' : 'or'} ${EXAMPLE('+98 912 345 6789')}`,
    )
    for (const example of ['0912 345 6789', '+98 912 345 6789'])
      expect(await readsLeftToRight(page, '[role="alert"]', example), example).toBe(true)
    await screenshot(page, `typed-phone-invalid-${lang}`)
    await context.close()
  })
})
