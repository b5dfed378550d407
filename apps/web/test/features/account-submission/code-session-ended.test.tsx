/**
 * A code session that has ended says so (issue 38, item 2): a wrong code says how many tries are left; an ended
 * session (410 FLOW_ENDED, or the last try used) says why and starts again at the phone, the number filled in.
 */
import type { AuthSession, SentCodeInfo } from '@app/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resetFlows } from '#features/account-submission/flow-store.ts'
import { apiErrorWithDetails, json } from '#test-helpers/fake-server.ts'
import { accountPage } from '#test-helpers/fixtures.ts'
import { buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'

afterEach(resetFlows)

const PHONE = '+989120000001'
const FORMATTED = '+98 912 000 0001'
const sentCode: SentCodeInfo = { codeType: 'app', nextType: 'sms', length: 5, timeout: 60 }

function openAt(path: string, navigationState?: unknown) {
  const signed = signedIn()
  signed.server.on('GET', '/accounts', () => json(accountPage([])))
  const view = renderApp(buildLaunchUrl({ path }).url, { navigationState })
  return { ...signed, ...view }
}

async function submit(user: ReturnType<typeof openAt>['user'], label: string, value: string, button: string) {
  const input = await screen.findByRole('textbox', { name: label })
  await user.clear(input)
  await user.type(input, value)
  await user.click(screen.getByRole('button', { name: button }))
}

/** Login up to the code screen. */
async function loginToCode() {
  const opened = openAt('/accounts/submit-account-phone', { type: 'login' })
  opened.server.on('POST', '/telegram/submit-account-phone', () =>
    json({ sentCodeInfo: sentCode, phone: PHONE, formattedPhone: FORMATTED }),
  )
  await submit(opened.user, 'Phone number', PHONE, 'Next')
  await screen.findByRole('heading', { level: 1, name: 'Enter code' })
  return opened
}

describe('a code session that has ended', () => {
  it('a wrong code says how many tries are left', async () => {
    const { server, user } = await loginToCode()
    server.on('POST', '/telegram/submit-account-code', () =>
      apiErrorWithDetails(400, 'INVALID_CODE', { attemptsLeft: 3 }),
    )
    await submit(user, 'Code', '00000', 'Submit')
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' })
    expect(dialog).toHaveTextContent('Invalid code')
    expect(dialog).toHaveTextContent('3 tries left')
  })

  it.each([
    ['expired', apiErrorWithDetails(410, 'FLOW_ENDED', { reason: 'expired' }), 'Code expired', 'expired'],
    [
      'the last try',
      apiErrorWithDetails(400, 'INVALID_CODE', { attemptsLeft: 0 }),
      'Too many tries',
      'Too many wrong codes',
    ],
    [
      'too many tries',
      apiErrorWithDetails(410, 'FLOW_ENDED', { reason: 'too_many_attempts' }),
      'Too many tries',
      'Too many wrong codes',
    ],
  ])(
    'login: %s says so and starts again at the phone, number filled in',
    async (_case, answer, title, says) => {
      const { server, user } = await loginToCode()
      server.on('POST', '/telegram/submit-account-code', () => answer.clone())
      await submit(user, 'Code', '12345', 'Submit')
      const dialog = await screen.findByRole('alertdialog', { name: title })
      expect(dialog).toHaveTextContent(says)
      expect(dialog).toHaveTextContent(FORMATTED)
      await user.click(within(dialog).getByRole('button', { name: 'Start again' }))
      expect(await screen.findByRole('heading', { level: 1, name: 'Login Account' })).toBeInTheDocument()
      expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue(FORMATTED)
      expect(window.location.pathname).toBe('/accounts/submit-account-phone')
    },
  )

  it('sign-up: an expired session starts again at the register screen, number filled in', async () => {
    const { server, user } = openAt('/accounts/auth/send-code')
    const session: AuthSession = {
      sessionId: 'session-1',
      phoneNumber: PHONE,
      formattedPhone: FORMATTED,
      sentCode: { type: { '@type': 'authenticationCodeTypeSms', length: 5 }, nextType: null },
      sentEmailCode: null,
    }
    server.on('POST', '/telegram/auth/send-code', () => json(session))
    server.on('POST', '/telegram/auth/signup', () =>
      apiErrorWithDetails(410, 'FLOW_ENDED', { reason: 'expired' }),
    )
    await submit(user, 'Phone number', PHONE, 'Next')
    await submit(user, 'Code', '12345', 'Submit')
    const dialog = await screen.findByRole('alertdialog', { name: 'Code expired' })
    await user.click(within(dialog).getByRole('button', { name: 'Start again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Register Account' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue(FORMATTED))
  })
})
