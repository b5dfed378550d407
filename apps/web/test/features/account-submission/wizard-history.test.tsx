/**
 * Back never walks into finished screens (issue 38, item 3): the wizard is one history entry whatever its steps,
 * 'Edit number' and 'Start again' replace it, and a finished flow hands its entry back to the list, so Telegram's
 * back button goes list -> home.
 */
import type { AuthSession, SentCodeInfo } from '@app/contract'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resetFlows } from '#features/account-submission/flow-store.ts'
import { json } from '#test-helpers/fake-server.ts'
import { accountFixture, accountPage } from '#test-helpers/fixtures.ts'
import { buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'

afterEach(resetFlows)

const PHONE = '+989120000001'
const FORMATTED = '+98 912 000 0001'
const sentCode: SentCodeInfo = { codeType: 'app', nextType: 'sms', length: 5, timeout: 60 }

/** Home, then the accounts list, as the user gets there (two history entries). */
async function openList() {
  const signed = signedIn()
  const { server, telegram } = signed
  server.on('GET', '/accounts', () => json(accountPage([])))
  server.on('POST', '/telegram/submit-account-phone', () =>
    json({ sentCodeInfo: sentCode, phone: PHONE, formattedPhone: FORMATTED }),
  )
  server.on('POST', '/telegram/submit-account-code', () => json({ ready: true }))
  server.on('POST', '/telegram/submit-account', () => json(accountFixture()))
  const view = renderApp(buildLaunchUrl({ version: '8.0' }).url)
  await view.user.click(await screen.findByTestId('dashboard-accounts'))
  await screen.findByRole('heading', { level: 1, name: 'Accounts' })
  return { ...signed, ...view, telegram }
}

type Opened = Awaited<ReturnType<typeof openList>>

async function fill(opened: Opened, label: string, value: string, button: string) {
  const input = await screen.findByRole('textbox', { name: label })
  await opened.user.clear(input)
  await opened.user.type(input, value)
  await opened.user.click(screen.getByRole('button', { name: button }))
}

async function pressBack(opened: Opened) {
  act(() => opened.telegram.emit('back_button_pressed'))
}

const onHome = () => screen.findByText('v0.10.0')

describe('back never walks into finished screens', { timeout: 20_000 }, () => {
  it('after a login, back on the accounts list goes home, and the back button hides there', async () => {
    const opened = await openList()
    await opened.user.click(screen.getByRole('button', { name: 'Login' }))
    await fill(opened, 'Phone number', PHONE, 'Next')
    await fill(opened, 'Code', '12345', 'Submit')
    await waitFor(() => expect(window.location.pathname).toBe('/accounts/pending'))
    await screen.findByRole('heading', { level: 1, name: 'Accounts' })

    await pressBack(opened)
    expect(await onHome()).toBeInTheDocument()
    expect(window.location.pathname).toBe('/')
    await waitFor(() =>
      expect(opened.telegram.posted('web_app_setup_back_button').at(-1)).toEqual({ is_visible: false }),
    )
  })

  it('editing the number twice adds no step: back from the phone screen is the list, then home', async () => {
    const opened = await openList()
    await opened.user.click(screen.getByRole('button', { name: 'Login' }))
    opened.telegram.answerPopupsWith('edit')
    for (let edits = 0; edits < 2; edits += 1) {
      await fill(opened, 'Phone number', PHONE, 'Next')
      await screen.findByRole('heading', { level: 1, name: 'Enter code' })
      await pressBack(opened)
      await screen.findByRole('heading', { level: 1, name: 'Login Account' })
    }
    await pressBack(opened)
    await screen.findByRole('heading', { level: 1, name: 'Accounts' })
    expect(window.location.pathname).toBe('/accounts/pending')
    await pressBack(opened)
    expect(await onHome()).toBeInTheDocument()
  })

  it('after a sign-up, back on the accounts list goes home', async () => {
    const opened = await openList()
    const session: AuthSession = {
      sessionId: 'session-1',
      phoneNumber: PHONE,
      formattedPhone: FORMATTED,
      sentCode: { type: { '@type': 'authenticationCodeTypeSms', length: 5 }, nextType: null },
      sentEmailCode: null,
    }
    opened.server.on('POST', '/telegram/auth/send-code', () => json(session))
    opened.server.on('POST', '/telegram/auth/signup', () =>
      json({ phoneNumber: PHONE, firstName: 'Ada', lastName: 'Lovelace' }),
    )
    opened.telegram.answerPopupsWith('ok')
    await opened.user.click(screen.getByRole('button', { name: 'Register' }))
    await fill(opened, 'Phone number', PHONE, 'Next')
    await fill(opened, 'Code', '12345', 'Submit')
    await waitFor(() => expect(opened.telegram.posted('web_app_open_popup')).toHaveLength(1))
    await waitFor(() => expect(window.location.pathname).toBe('/accounts/pending'))
    await screen.findByRole('heading', { level: 1, name: 'Accounts' })

    await pressBack(opened)
    expect(await onHome()).toBeInTheDocument()
  })
})
