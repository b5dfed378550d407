/**
 * Phone numbers as people type them (issue 38, item 1), on the mini-app's side: the form takes spaces, dashes,
 * brackets, 0 and 00 in front; the number goes to the server as typed with the country the screen shows (the
 * remembered one, or the user's pick); an invalid number is answered with an example of that country's numbers.
 */
import type { SentCodeInfo } from '@app/contract'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resetFlows } from '#features/account-submission/flow-store.ts'
import { apiError, json } from '#test-helpers/fake-server.ts'
import { accountPage, dashboardFixture } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'

afterEach(resetFlows)

const sentCode: SentCodeInfo = { codeType: 'app', nextType: 'sms', length: 5, timeout: 60 }
const LTR = (text: string) => `\u2066${text}\u2069`
/**
 * An example number in a message: isolated, with no-break spaces (never split across lines); Testing Library reads
 * those as spaces, so only the raw text below tells them apart.
 */
const EXAMPLE = LTR
/** Left-to-right marks: what the country picker's options carry (a closed <select> ignores isolates). */
const LRM = (text: string) => `\u200e${text}\u200e`

function openPhone(
  phoneCountry: string | null,
  { language = 'en', path = '/accounts/submit-account-phone' } = {},
) {
  const signed = signedIn(dashboardFixture({ phoneCountry }))
  signed.server.on('GET', '/accounts', () => json(accountPage([])))
  signed.server.on('POST', '/telegram/submit-account-phone', () =>
    json({ sentCodeInfo: sentCode, phone: '+989120000001', formattedPhone: '+98 912 000 0001' }),
  )
  const view = renderApp(buildLaunchUrl({ path, user: { ...ADA, language_code: language } }).url, {
    navigationState: { type: 'login' },
  })
  return { ...signed, ...view }
}

async function typeNumber(opened: ReturnType<typeof openPhone>, phone: string, next = 'Next') {
  const input = await screen.findByRole('textbox', { name: /Phone number|شماره تلفن/ })
  await opened.user.clear(input)
  await opened.user.type(input, phone)
  await opened.user.click(screen.getByRole('button', { name: next }))
}

describe('phone numbers as people type them', { timeout: 15_000 }, () => {
  it.each(['+98 912 000 0001', '0912-000-0001', '0098 912 000 0001', '(0912) 000 0001', '912 000 0001'])(
    'takes %s as typed and sends it with the remembered country',
    async (typed) => {
      const opened = openPhone('IR')
      await typeNumber(opened, typed)
      await screen.findByRole('heading', { level: 1, name: 'Enter code' })
      expect(opened.server.callsTo('POST', '/telegram/submit-account-phone')[0]?.body).toEqual({
        phone: typed,
        country: 'IR',
        submitType: 'login',
      })
    },
  )

  it("shows the remembered country and its numbers' form; a pick changes both and goes with the number", async () => {
    const opened = openPhone('IR')
    const country = await screen.findByRole('combobox', { name: 'Country' })
    // The remembered country comes with the dashboard (here asked for by this screen; after home, from the cache).
    await waitFor(() => expect(country).toHaveValue('IR'))
    expect(screen.getByRole('option', { name: `Iran (${LRM('+98')})` })).toBeInTheDocument()
    const phone = screen.getByRole('textbox', { name: 'Phone number' })
    expect(phone).toHaveAttribute('placeholder', '0912 345 6789')

    await opened.user.selectOptions(country, 'US')
    expect(phone).toHaveAttribute('placeholder', '(201) 555-0123')
    await typeNumber(opened, '(202) 555-0123')
    await screen.findByRole('heading', { level: 1, name: 'Enter code' })
    expect(opened.server.callsTo('POST', '/telegram/submit-account-phone')[0]?.body).toMatchObject({
      phone: '(202) 555-0123',
      country: 'US',
    })
  })

  it('an invalid number says how numbers of the country are written, under the field and in the 422 dialog', async () => {
    const opened = openPhone('IR')
    await waitFor(async () =>
      expect(await screen.findByRole('combobox', { name: 'Country' })).toHaveValue('IR'),
    )
    await typeNumber(opened, '0912 0')
    expect(
      await screen.findByText(
        `Please enter a valid phone number. For example: ${EXAMPLE('0912 345 6789')} or ${EXAMPLE('+98 912 345 6789')}`,
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('alert').textContent).toContain('\u20660912\u00a0345\u00a06789\u2069')
    expect(opened.server.callsTo('POST', '/telegram/submit-account-phone')).toHaveLength(0)

    opened.server.on('POST', '/telegram/submit-account-phone', () => apiError(422, 'INVALID_PHONE_NUMBER'))
    await typeNumber(opened, '0912 000 00001')
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' })
    expect(dialog).toHaveTextContent('Invalid phone number.')
    expect(dialog).toHaveTextContent(
      `For example: ${EXAMPLE('0912 345 6789')} or ${EXAMPLE('+98 912 345 6789')}`,
    )
  })

  it('no country remembered: the picker asks for one, and the example carries its country code', async () => {
    const opened = openPhone(null)
    expect(await screen.findByRole('combobox', { name: 'Country' })).toHaveValue('')
    expect(screen.getByRole('option', { name: 'Choose a country' })).toBeInTheDocument()
    await typeNumber(opened, '12')
    expect(
      await screen.findByText(/type it with its country code, for example: \u2066\+44 7400 123456/),
    ).toBeInTheDocument()
    await typeNumber(opened, '+98 912 000 0001')
    await screen.findByRole('heading', { level: 1, name: 'Enter code' })
    expect(opened.server.callsTo('POST', '/telegram/submit-account-phone')[0]?.body).toEqual({
      phone: '+98 912 000 0001',
      submitType: 'login',
    })
  })

  it('in Persian: the country in Persian, the example left to right in a Persian sentence', async () => {
    const opened = openPhone('IR', { language: 'fa' })
    const country = await screen.findByRole('combobox', { name: 'کشور' })
    await waitFor(() => expect(country).toHaveValue('IR'))
    expect(screen.getByRole('option', { name: `ایران (${LRM('+98')})` })).toBeInTheDocument()
    await typeNumber(opened, '۰۹۱۲ ۰', 'بعدی')
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        `برای نمونه: ${EXAMPLE('0912 345 6789')} یا ${EXAMPLE('+98 912 345 6789')}`,
      ),
    )
  })
})
