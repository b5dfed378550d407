import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { apiError, apiErrorWithDetails, json } from '#test-helpers/fake-server.ts'
import { TOKENS } from '#test-helpers/fixtures.ts'
import { EMAIL, expectErrorDialog, fill, inBrowser, noContent, PASSWORD } from './email-auth-helpers.ts'

describe('/login (spec sections 2, 5, 7, 8)', () => {
  it('checks the fields with the spec messages before calling, a short password being Invalid password', async () => {
    const { user, server } = inBrowser('/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    await user.click(screen.getByTestId('login-submit'))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()

    await fill(user, { Email: 'not-an-email', Password: '12345' })
    await user.click(screen.getByTestId('login-submit'))
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument()
    expect(screen.getByText('Invalid password')).toBeInTheDocument()
    expect(server.callsTo('POST', '/auth/login')).toHaveLength(0)
  })

  it('stores the token pair as Telegram sign-in does, outside the Telegram slot, and goes home', async () => {
    const { user, server } = inBrowser('/login')
    server.on('POST', '/auth/login', () => json(TOKENS))
    await screen.findByTestId('login')
    await fill(user, { Email: ` ${EMAIL} `, Password: PASSWORD })
    await user.click(screen.getByTestId('login-submit'))

    expect(await screen.findByTestId('dashboard')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/')
    const [call] = server.callsTo('POST', '/auth/login')
    expect(call?.body).toEqual({ email: EMAIL, password: PASSWORD })
    expect(call?.headers.get('Authorization')).toBeNull()
    expect(JSON.parse(localStorage.getItem('app.auth.browser') ?? 'null')).toEqual({
      ...TOKENS,
      telegramUserId: 'browser',
    })
    expect(localStorage.getItem('app.auth')).toBeNull()
    await waitFor(() =>
      expect(server.callsTo('GET', '/dashboard')[0]?.headers.get('Authorization')).toBe(
        `Bearer ${TOKENS.accessToken}`,
      ),
    )
  })

  it('keeps the button disabled while the call runs', async () => {
    const { user, server } = inBrowser('/login')
    server.on('POST', '/auth/login', () => new Promise<Response>(() => {}))
    await screen.findByTestId('login')
    await fill(user, { Email: EMAIL, Password: PASSWORD })
    await user.click(screen.getByTestId('login-submit'))
    await waitFor(() => expect(screen.getByTestId('login-submit')).toBeDisabled())
    await user.click(screen.getByTestId('login-submit'))
    expect(server.callsTo('POST', '/auth/login')).toHaveLength(1)
  })

  it.each([
    [401, 'INVALID_CREDENTIALS'],
    [404, 'NOT_FOUND'],
  ])('%i (%s) says Invalid email or password and keeps what was typed', async (status, code) => {
    const { user, server } = inBrowser('/login')
    server.on('POST', '/auth/login', () => apiError(status, code))
    await screen.findByTestId('login')
    await fill(user, { Email: EMAIL, Password: PASSWORD })
    await user.click(screen.getByTestId('login-submit'))
    await expectErrorDialog(user, 'Invalid email or password')
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL)
    expect(screen.getByLabelText('Password')).toHaveValue(PASSWORD)
    expect(localStorage.getItem('app.auth.browser')).toBeNull()
  })

  it('403 EMAIL_NOT_VERIFIED offers to send the code again, then asks for it and proves with the password', async () => {
    const { user, server } = inBrowser('/login')
    server.on('POST', '/auth/login', () => apiError(403, 'EMAIL_NOT_VERIFIED'))
    server.on('POST', '/auth/email-verification-request', noContent)
    server.on('POST', '/auth/email-verification-confirm', noContent)
    await screen.findByTestId('login')
    await fill(user, { Email: EMAIL, Password: PASSWORD })
    await user.click(screen.getByTestId('login-submit'))

    const dialog = await screen.findByRole('alertdialog', { name: 'Error' })
    expect(dialog).toHaveTextContent('Your email is not verified yet. Send a new code to confirm it?')
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/email-verification-confirm')
    expect(screen.getByTestId('email-verification-email')).toHaveTextContent(EMAIL)
    expect(server.callsTo('POST', '/auth/email-verification-request')[0]?.body).toEqual({
      email: EMAIL,
      lng: 'en',
    })
    expect(screen.getByTestId('resend-code')).toHaveTextContent(/Send the code again in (60|59)s\.\.\./)
    expect(screen.getByTestId('resend-code')).toBeDisabled()
    // The password typed at login is the registration's: the code proves it (issue 37).
    await fill(user, { Code: '12345' })
    await user.click(screen.getByTestId('email-verification-submit'))
    await screen.findByRole('alertdialog', { name: 'Success' })
    expect(server.callsTo('POST', '/auth/email-verification-confirm')[0]?.body).toEqual({
      code: '12345',
      email: EMAIL,
      password: PASSWORD,
    })
  })

  it('403 then Cancel stays on the form and sends nothing', async () => {
    const { user, server } = inBrowser('/login')
    server.on('POST', '/auth/login', () => apiError(403, 'EMAIL_NOT_VERIFIED'))
    await screen.findByTestId('login')
    await fill(user, { Email: EMAIL, Password: PASSWORD })
    await user.click(screen.getByTestId('login-submit'))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Error' })).getByRole('button', {
        name: 'Cancel',
      }),
    )
    expect(server.callsTo('POST', '/auth/email-verification-request')).toHaveLength(0)
    expect(screen.getByTestId('login')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL)
  })

  it('403 then a flood answer says how long to wait and still goes on to the code', async () => {
    const { user, server } = inBrowser('/login')
    server.on('POST', '/auth/login', () => apiError(403, 'EMAIL_NOT_VERIFIED'))
    server.on('POST', '/auth/email-verification-request', () =>
      apiErrorWithDetails(429, 'EMAIL_FLOOD', { wait: 90 }),
    )
    await screen.findByTestId('login')
    await fill(user, { Email: EMAIL, Password: PASSWORD })
    await user.click(screen.getByTestId('login-submit'))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Error' })).getByRole('button', {
        name: 'Send code',
      }),
    )
    await expectErrorDialog(user, 'Too many emails. Please wait 1 minute 30 seconds.')
    expect(await screen.findByTestId('email-verification')).toBeInTheDocument()
    expect(screen.getByTestId('resend-code')).toHaveTextContent(/Send the code again in (90|89)s\.\.\./)
  })

  it('links to /register and /password-reset-request', async () => {
    const { user } = inBrowser('/login')
    await user.click(await screen.findByRole('link', { name: 'Create an account' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument()
    await user.click(screen.getByTestId('page-back'))
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset password' })).toBeInTheDocument()
  })

  it('reads right to left in Persian, the email and password fields left to right', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fa-IR')
    const { user } = inBrowser('/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'ورود' })).toBeInTheDocument()
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'))
    expect(screen.getByLabelText('ایمیل')).toHaveAttribute('dir', 'ltr')
    expect(screen.getByLabelText('رمز عبور')).toHaveAttribute('dir', 'ltr')
    await user.click(screen.getByTestId('login-submit'))
    expect(await screen.findByText('ایمیل الزامی است')).toBeInTheDocument()
    vi.restoreAllMocks()
  })
})
