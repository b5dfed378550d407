import type { SentCodeInfo } from '@app/contract'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resetFlows } from '#features/account-submission/flow-store.ts'
import { apiError, apiErrorWithDetails, json } from '#test-helpers/fake-server.ts'
import { accountFixture, accountPage } from '#test-helpers/fixtures.ts'
import { buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'

// The flow store is module state: every test starts a flow of its own.
afterEach(resetFlows)

const PHONE = '+447700900123'
/** The server's international format of PHONE, which the account lists show too. */
const FORMATTED = '+44 7700 900123'

function sentCode(overrides: Partial<SentCodeInfo> = {}): SentCodeInfo {
  return { codeType: 'app', nextType: 'sms', length: 5, timeout: 60, ...overrides }
}

/** The wizard from the phone screen, opened for a login (navigation state type login). */
function openWizard({ version = '6.0', path = '/accounts/submit-account-phone' } = {}) {
  const signed = signedIn()
  signed.server.on('GET', '/accounts', () => json(accountPage([])))
  const view = renderApp(buildLaunchUrl({ path, version }).url, { navigationState: { type: 'login' } })
  return { ...signed, ...view }
}

async function enterPhone(user: ReturnType<typeof openWizard>['user'], phone = PHONE) {
  const input = await screen.findByRole('textbox', { name: 'Phone number' })
  await user.clear(input)
  await user.type(input, phone)
  await user.click(screen.getByRole('button', { name: 'Next' }))
}

async function enterCode(user: ReturnType<typeof openWizard>['user'], code: string) {
  const input = await screen.findByRole('textbox', { name: 'Code' })
  await user.type(input, code)
  await user.click(screen.getByRole('button', { name: 'Submit' }))
}

async function errorDialog() {
  const dialog = await screen.findByRole('alertdialog', { name: 'Error' })
  return dialog
}

describe('submit wizard', () => {
  it('login with a code: phone, code, submit, then back to the refreshed list', async () => {
    const { server, user, telegram } = openWizard({ version: '8.0' })
    server.on('POST', '/telegram/submit-account-phone', () =>
      json({ sentCodeInfo: sentCode(), phone: PHONE, formattedPhone: FORMATTED }),
    )
    server.on('POST', '/telegram/submit-account-code', () => json({ ready: true }))
    server.on('POST', '/telegram/submit-account', () => json(accountFixture()))

    expect(await screen.findByRole('heading', { level: 1, name: 'Login Account' })).toBeInTheDocument()
    expect(screen.getByText('Please enter your account phone number')).toBeInTheDocument()
    await enterPhone(user)

    expect(await screen.findByRole('heading', { level: 1, name: 'Enter code' })).toBeInTheDocument()
    expect(server.callsTo('POST', '/telegram/submit-account-phone')[0]?.body).toEqual({
      phone: PHONE,
      submitType: 'login',
    })
    expect(screen.getByText(/Telegram app on your other device/)).toBeInTheDocument()
    // The lists' format, left to right and never broken across lines (not the E.164 the flow sends back).
    expect(screen.getByText(FORMATTED)).toHaveAttribute('dir', 'ltr')
    expect(screen.getByText(FORMATTED)).toHaveClass('phone-number')
    const dashboardCalls = server.callsTo('GET', '/dashboard').length

    await enterCode(user, '12345')

    await waitFor(() => expect(window.location.pathname).toBe('/accounts/pending'))
    expect(server.callsTo('POST', '/telegram/submit-account-code')[0]?.body).toEqual({ code: '12345' })
    expect(server.callsTo('POST', '/telegram/submit-account')).toHaveLength(1)
    expect(server.callsTo('GET', '/dashboard').length).toBeGreaterThan(dashboardCalls)
    await waitFor(() => expect(server.callsTo('GET', '/accounts').length).toBeGreaterThan(0))
    expect(telegram.posted('web_app_trigger_haptic_feedback')).toContainEqual({
      type: 'notification',
      notification_type: 'success',
    })
  })

  it('checks the code: required, and exactly the announced length', async () => {
    const { server, user } = openWizard()
    server.on('POST', '/telegram/submit-account-phone', () =>
      json({ sentCodeInfo: sentCode(), phone: PHONE, formattedPhone: FORMATTED }),
    )
    await enterPhone(user)
    await screen.findByRole('heading', { level: 1, name: 'Enter code' })

    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('OTP code required')).toBeInTheDocument()
    await enterCode(user, '123')
    expect(await screen.findByText('Please enter a valid OTP code')).toBeInTheDocument()
    expect(server.callsTo('POST', '/telegram/submit-account-code')).toHaveLength(0)
  })

  it('checks the phone: required and 6 to 16 digits', async () => {
    const { server, user } = openWizard()
    await screen.findByRole('heading', { level: 1, name: 'Login Account' })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Phone number required')).toBeInTheDocument()
    await enterPhone(user, '123')
    // With an example of how numbers are written (phone-entry.test.tsx).
    expect(await screen.findByText(/^Please enter a valid phone number\. /)).toBeInTheDocument()
    expect(server.callsTo('POST', '/telegram/submit-account-phone')).toHaveLength(0)
  })

  it('takes the phone from ?phone=', async () => {
    openWizard({ path: '/accounts/submit-account-phone?phone=%2B447700900999' })
    expect(await screen.findByRole('textbox', { name: 'Phone number' })).toHaveValue('+447700900999')
  })

  it('a code that answers 303 leads to the password; the password submits the account', async () => {
    const { server, user } = openWizard()
    server.on('POST', '/telegram/submit-account-phone', () =>
      json({ sentCodeInfo: sentCode(), phone: PHONE, formattedPhone: FORMATTED }),
    )
    server.on('POST', '/telegram/submit-account-code', () => apiError(303, 'PASSWORD_REQUIRED'))
    server.on('POST', '/telegram/submit-account-password', () => apiError(400, 'INVALID_PASSWORD'))
    server.on('POST', '/telegram/submit-account', () => json(accountFixture()))
    await enterPhone(user)
    await enterCode(user, '12345')

    expect(await screen.findByRole('heading', { level: 1, name: 'Enter password' })).toBeInTheDocument()
    const password = screen.getByLabelText('Password')
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Password required')).toBeInTheDocument()

    await user.type(password, 'hunter2')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await errorDialog()).toHaveTextContent('Invalid password')
    await user.click(screen.getByRole('button', { name: 'Ok' }))

    server.on('POST', '/telegram/submit-account-password', () => json({ ready: true }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(window.location.pathname).toBe('/accounts/pending'))
    expect(server.callsTo('POST', '/telegram/submit-account-password').at(-1)?.body).toEqual({
      password: 'hunter2',
    })
    // Never kept anywhere but the form.
    expect(JSON.stringify({ ...localStorage })).not.toContain('hunter2')
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('hunter2')
  })

  it('an account that needs a login email: email, email code, then the code', async () => {
    const { server, user } = openWizard()
    server.on('POST', '/telegram/submit-account-phone', () =>
      json({
        sentCodeInfo: sentCode({ codeType: 'setup_email_required', nextType: null }),
        phone: PHONE,
        formattedPhone: FORMATTED,
      }),
    )
    server.on('POST', '/telegram/submit-account-email', () => apiError(400, 'EMAIL_NOT_ACCEPTABLE'))
    server.on('POST', '/telegram/submit-account-email-code', () =>
      json({
        sentCodeInfo: sentCode({ codeType: 'email', nextType: null }),
        phone: PHONE,
        formattedPhone: FORMATTED,
      }),
    )
    await enterPhone(user)

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a login email' })).toBeInTheDocument()
    const email = screen.getByRole('textbox', { name: 'Email' })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Email address required')).toBeInTheDocument()
    await user.type(email, 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument()
    await user.clear(email)
    await user.type(email, 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await errorDialog()).toHaveTextContent('Email not acceptable')
    await user.click(screen.getByRole('button', { name: 'Ok' }))
    // A domain the provider does not take: the same error, and which domains it takes.
    server.on('POST', '/telegram/submit-account-email', () =>
      apiErrorWithDetails(400, 'EMAIL_DOMAIN_NOT_ACCEPTABLE', {
        allowedDomains: ['gmail.com', 'outlook.com'],
      }),
    )
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await errorDialog()).toHaveTextContent(
      /Email not acceptable\s+Allowed domains: gmail\.com, outlook\.com/,
    )
    await user.click(screen.getByRole('button', { name: 'Ok' }))

    server.on('POST', '/telegram/submit-account-email', () =>
      json({ email: 'ada@example.com', emailCode: { length: 6 } }),
    )
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification Code' })).toBeInTheDocument()
    const code = screen.getByRole('textbox', { name: 'Verification code' })
    await user.type(code, '12345')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Please enter a valid verification code')).toBeInTheDocument()
    await user.type(code, '6')
    await user.click(screen.getByRole('button', { name: 'Next' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Enter code' })).toBeInTheDocument()
    expect(server.callsTo('POST', '/telegram/submit-account-email-code')[0]?.body).toEqual({ code: '123456' })
    expect(screen.getByText(/sent the code to your login email/)).toBeInTheDocument()
    // No next type: no resend link.
    expect(screen.queryByTestId('resend-code')).not.toBeInTheDocument()
  })

  it.each([
    [404, 'NOT_FOUND', 'Capacity is Completed 🙌.'],
    [406, 'PHONE_NUMBER_NOT_ACCEPTABLE', 'Phone number not acceptable.'],
    [409, 'CONFLICT', 'Account already exists.'],
    [422, 'INVALID_PHONE_NUMBER', 'Invalid phone number.'],
    [429, 'RATE_LIMITED', 'Too many requests.'],
    [500, 'INTERNAL_ERROR', 'Something went wrong. Please contact support.'],
  ])('phone %i (%s) shows the spec text', async (status, code, text) => {
    const { server, user } = openWizard()
    server.on('POST', '/telegram/submit-account-phone', () => apiError(status, code))
    await enterPhone(user)
    const dialog = await errorDialog()
    expect(dialog).toHaveTextContent(text)
    expect(screen.getByRole('button', { name: 'Ok' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/accounts/submit-account-phone')
  })

  // Details as the contract's ErrorDetailsSchemas shape them (the server sends these; others are not read).
  it.each([
    ['ACTION_WAIT_REQUIRED_ERROR', { wait: 42 }, 'Please wait 42 seconds before trying again.'],
    ['EMAIL_FLOOD', { wait: 30 }, 'Too many emails. Please wait 30 seconds.'],
    [
      'DUPLICATE_ENTRY',
      { field: 'phone', value: PHONE },
      `Phone number \u2066${PHONE}\u2069 already exists.`,
    ],
    [
      'ORDER_UNAVAILABLE',
      { country: 'GB', reason: 'no_order' },
      'There are no orders for this number and country.',
    ],
    ['PHONE_NUMBER_BLACKLISTED', undefined, 'This phone number is blacklisted.'],
    ['SERVICE_UNAVAILABLE', undefined, 'The service is temporarily unavailable.'],
    [
      'SERVICE_UNAVAILABLE',
      { service: 'account provider' },
      'The account provider is temporarily unavailable.',
    ],
    [
      'EMAIL_DOMAIN_NOT_ACCEPTABLE',
      { allowedDomains: ['gmail.com', 'outlook.com'] },
      'gmail.com, outlook.com',
    ],
    ['RESOURCE_NOT_FOUND', { resource: 'session', id: 'gb' }, 'Session gb was not found.'],
    ['CODE_TYPE_NOT_ACCEPTABLE', undefined, 'The code type is not acceptable.'],
    ['UNEXPECTED_CODE_TYPE', { expected: 'code_sent' }, 'Unexpected code type.'],
  ])('error code %s shows its message with details', async (code, details, text) => {
    const { server, user } = openWizard()
    server.on('POST', '/telegram/submit-account-phone', () => apiErrorWithDetails(400, code, details))
    await enterPhone(user)
    expect(await errorDialog()).toHaveTextContent(text)
  })

  it("no answer at all is 'Unknown error!'", async () => {
    const { server, user } = openWizard()
    server.on('POST', '/telegram/submit-account-phone', () => {
      throw new TypeError('Failed to fetch')
    })
    await enterPhone(user)
    expect(await errorDialog()).toHaveTextContent('Unknown error!')
  })

  it.each([
    [400, 'Invalid code'],
    [500, 'Something went wrong. Please contact support.'],
  ])('code %i shows %s', async (status, text) => {
    const { server, user } = openWizard()
    server.on('POST', '/telegram/submit-account-phone', () =>
      json({ sentCodeInfo: sentCode(), phone: PHONE, formattedPhone: FORMATTED }),
    )
    server.on('POST', '/telegram/submit-account-code', () => apiError(status, 'X'))
    await enterPhone(user)
    await enterCode(user, '12345')
    expect(await errorDialog()).toHaveTextContent(text)
  })

  it.each([
    [404, 'Account not found'],
    [409, 'Account already exists'],
  ])('submit account %i shows %s', async (status, text) => {
    const { server, user } = openWizard()
    server.on('POST', '/telegram/submit-account-phone', () =>
      json({ sentCodeInfo: sentCode(), phone: PHONE, formattedPhone: FORMATTED }),
    )
    server.on('POST', '/telegram/submit-account-code', () => json({ ready: true }))
    server.on('POST', '/telegram/submit-account', () => apiError(status, 'X'))
    await enterPhone(user)
    await enterCode(user, '12345')
    expect(await errorDialog()).toHaveTextContent(text)
    expect(window.location.pathname).toBe('/accounts/submit-account-code')
  })

  it('resend: counts down from the server timeout, then asks for the next channel', async () => {
    const { server, user } = openWizard()
    server.on('POST', '/telegram/submit-account-phone', () =>
      json({
        sentCodeInfo: sentCode({ timeout: 2, nextType: 'sms' }),
        phone: PHONE,
        formattedPhone: FORMATTED,
      }),
    )
    let answerResend: (response: Response) => void = () => {}
    server.on(
      'POST',
      '/telegram/resend-code',
      () => new Promise<Response>((resolve) => (answerResend = resolve)),
    )
    await enterPhone(user)

    const resend = await screen.findByTestId('resend-code')
    expect(resend).toHaveTextContent(/^Request SMS in [12]s\.\.\.$/)
    expect(resend).toBeDisabled()
    await waitFor(() => expect(resend).toHaveTextContent('Get the code by SMS'), { timeout: 3500 })
    expect(resend).toBeEnabled()

    await user.click(resend)
    await waitFor(() => expect(screen.getByTestId('resend-code')).toHaveTextContent('Requesting...'))
    act(() =>
      answerResend(
        json({
          sentCodeInfo: sentCode({ codeType: 'sms', nextType: 'call', timeout: 30 }),
          phone: PHONE,
          formattedPhone: FORMATTED,
        }),
      ),
    )
    await waitFor(() =>
      expect(screen.getByTestId('resend-code')).toHaveTextContent('Request voice call in 30s...'),
    )
    expect(screen.getByText(/SMS with the code/)).toBeInTheDocument()
    expect(server.callsTo('POST', '/telegram/resend-code')).toHaveLength(1)
  }, 10_000)

  it.each([
    [503, "Can't send code!"],
    [500, 'Something went wrong. Please contact support.'],
  ])('resend %i shows %s', async (status, text) => {
    const { server, user } = openWizard()
    server.on('POST', '/telegram/submit-account-phone', () =>
      json({ sentCodeInfo: sentCode({ timeout: 0 }), phone: PHONE, formattedPhone: FORMATTED }),
    )
    server.on('POST', '/telegram/resend-code', () => apiError(status, 'X'))
    await enterPhone(user)
    await user.click(await screen.findByRole('button', { name: 'Get the code by SMS' }))
    expect(await errorDialog()).toHaveTextContent(text)
  })

  it('hides the resend link when no other channel is offered', async () => {
    const { server, user } = openWizard()
    server.on('POST', '/telegram/submit-account-phone', () =>
      json({ sentCodeInfo: sentCode({ nextType: null }), phone: PHONE, formattedPhone: FORMATTED }),
    )
    await enterPhone(user)
    await screen.findByRole('heading', { level: 1, name: 'Enter code' })
    expect(screen.queryByTestId('resend-code')).not.toBeInTheDocument()
  })

  it("the back button on the code screen asks 'Edit number' first", async () => {
    const { server, user, telegram } = openWizard({ version: '8.0' })
    server.on('POST', '/telegram/submit-account-phone', () =>
      json({ sentCodeInfo: sentCode(), phone: PHONE, formattedPhone: FORMATTED }),
    )
    await enterPhone(user)
    await screen.findByRole('heading', { level: 1, name: 'Enter code' })

    telegram.answerPopupsWith('cancel')
    act(() => telegram.emit('back_button_pressed'))
    await waitFor(() => expect(telegram.posted('web_app_open_popup')).toHaveLength(1))
    expect(telegram.posted('web_app_open_popup')[0]).toMatchObject({ title: 'Edit number' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(window.location.pathname).toBe('/accounts/submit-account-code')

    telegram.answerPopupsWith('edit')
    act(() => telegram.emit('back_button_pressed'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Login Account' })).toBeInTheDocument()
    // As the code screen showed it (spaces and all: the phone field takes them).
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue(FORMATTED)
  })

  it('a reload in the middle of the wizard starts over at the phone', async () => {
    openWizard({ path: '/accounts/submit-account-code' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Login Account' })).toBeInTheDocument()
  })

  it('opened for a register, the phone screen says so and submits as register', async () => {
    const signed = signedIn()
    signed.server.on('POST', '/telegram/submit-account-phone', () =>
      json({ sentCodeInfo: sentCode(), phone: PHONE, formattedPhone: FORMATTED }),
    )
    const { user } = renderApp(buildLaunchUrl({ path: '/accounts/submit-account-phone' }).url, {
      navigationState: { type: 'register' },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Register Account' })).toBeInTheDocument()
    await enterPhone(user)
    await screen.findByRole('heading', { level: 1, name: 'Enter code' })
    expect(signed.server.callsTo('POST', '/telegram/submit-account-phone')[0]?.body).toMatchObject({
      submitType: 'register',
    })
  })
})
