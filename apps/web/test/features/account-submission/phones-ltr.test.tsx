/**
 * Phones left to right in every Persian dialog (issue 38, item 4). Telegram's popups are plain text: a number
 * inside a Persian sentence is wrapped in a left-to-right isolate (U+2066 ... U+2069), or it reads
 * '0020 000 912 98+'. Each dialog that shows a phone, through the native popup as Telegram gets it.
 */
import type { AuthSession } from '@app/contract'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resetFlows } from '#features/account-submission/flow-store.ts'
import { apiErrorWithDetails, json } from '#test-helpers/fake-server.ts'
import { accountFixture, accountPage } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'

afterEach(resetFlows)

const FA = { ...ADA, language_code: 'fa' }
const LTR = (text: string) => `\u2066${text}\u2069`

function openInPersian(path: string) {
  const signed = signedIn()
  signed.server.on('GET', '/accounts', () => json(accountPage([])))
  const view = renderApp(buildLaunchUrl({ path, user: FA, version: '8.0' }).url)
  return { ...signed, ...view }
}

type Opened = ReturnType<typeof openInPersian>

async function fill(opened: Opened, label: RegExp, value: string) {
  const input = await screen.findByRole('textbox', { name: label })
  await opened.user.clear(input)
  await opened.user.type(input, value)
  await opened.user.click(screen.getByTestId(/-submit$/))
}

/** The last native popup's message, once there is one. */
async function popupMessage(opened: Opened, count = 1): Promise<string> {
  await waitFor(() => expect(opened.telegram.posted('web_app_open_popup')).toHaveLength(count))
  return String((opened.telegram.posted('web_app_open_popup').at(-1) as { message: string }).message)
}

describe('phones left to right in Persian dialogs', () => {
  it('the sign-up success dialog', async () => {
    const opened = openInPersian('/accounts/auth/send-code')
    const session: AuthSession = {
      sessionId: 'session-1',
      phoneNumber: '+989120000020',
      formattedPhone: '+98 912 000 0020',
      sentCode: { type: { '@type': 'authenticationCodeTypeSms', length: 5 }, nextType: null },
      sentEmailCode: null,
    }
    opened.server.on('POST', '/telegram/auth/send-code', () => json(session))
    opened.server.on('POST', '/telegram/auth/signup', () =>
      json({ phoneNumber: '+989120000020', firstName: 'Sandbox', lastName: 'User 0020' }),
    )
    opened.telegram.answerPopupsWith('ok')
    await fill(opened, /شماره تلفن/, '09120000020')
    await fill(opened, /^کد$/, '12345')
    expect(await popupMessage(opened)).toBe(`تلفن: ${LTR('+98 912 000 0020')}\nنام: Sandbox User 0020`)
  })

  it('the account info dialog: the number as the lists write it, and the uid', async () => {
    const account = accountFixture({ phone: '+12015550103', formattedPhone: '+1 201 555 0103' })
    const opened = openInPersian(`/accounts/${account.uid}`)
    opened.server.on('GET', `/accounts/${account.uid}`, () => json(account))
    await opened.user.click(await screen.findByTestId('account-info'))
    expect(await popupMessage(opened)).toBe(`تلفن: ${LTR('+1 201 555 0103')}\nشناسه: ${LTR(account.uid)}`)
  })

  it('a duplicate number in an error dialog', async () => {
    const opened = openInPersian('/accounts/auth/send-code')
    opened.server.on('POST', '/telegram/auth/send-code', () =>
      apiErrorWithDetails(400, 'DUPLICATE_ENTRY', { field: 'phone', value: '+989120000007' }),
    )
    await fill(opened, /شماره تلفن/, '09120000007')
    expect(await popupMessage(opened)).toContain(LTR('+989120000007'))
  })

  it('the edit-number and the ended-session dialogs', async () => {
    const opened = openInPersian('/accounts/submit-account-phone')
    opened.server.on('POST', '/telegram/submit-account-phone', () =>
      json({
        sentCodeInfo: { codeType: 'app', nextType: null, length: 5, timeout: null },
        phone: '+989120000001',
        formattedPhone: '+98 912 000 0001',
      }),
    )
    opened.server.on('POST', '/telegram/submit-account-code', () =>
      apiErrorWithDetails(410, 'FLOW_ENDED', { reason: 'expired' }),
    )
    await fill(opened, /شماره تلفن/, '09120000001')
    await screen.findByRole('textbox', { name: /^کد$/ })
    opened.telegram.answerPopupsWith('cancel')
    act(() => opened.telegram.emit('back_button_pressed'))
    expect(await popupMessage(opened)).toContain(LTR('+98 912 000 0001'))
    opened.telegram.answerPopupsWith('restart')
    await fill(opened, /^کد$/, '12345')
    expect(await popupMessage(opened, 2)).toContain(LTR('+98 912 000 0001'))
  })
})
