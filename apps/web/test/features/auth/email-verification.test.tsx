import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, apiErrorWithDetails } from '#test-helpers/fake-server.ts'
import { EMAIL, expectErrorDialog, fill, inBrowser, noContent, PASSWORD } from './email-auth-helpers.ts'

/**
 * Opened as the register screen leaves it without a session: the email and the password just chosen in
 * navigation state (the code proves the registration of whoever set that password), a resend allowed at
 * `resendAfter`.
 */
const openWithEmail = (resendAfter = Date.now() - 1000) =>
  inBrowser('/email-verification-confirm', {
    navigationState: { email: EMAIL, password: PASSWORD, resendAfter },
  })

describe('/email-verification-confirm (spec sections 2, 5, 7, 8)', () => {
  it('shows the email from navigation state and checks the code: required, then 5 digits', async () => {
    const { user, server } = openWithEmail()
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email' })).toBeInTheDocument()
    expect(screen.getByTestId('email-verification-email')).toHaveTextContent(EMAIL)
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument()
    const code = screen.getByLabelText('Code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    await user.click(screen.getByTestId('email-verification-submit'))
    expect(await screen.findByText('Code is required')).toBeInTheDocument()
    await fill(user, { Code: '123' })
    await user.click(screen.getByTestId('email-verification-submit'))
    expect(await screen.findByText('Code must be 5 digits')).toBeInTheDocument()
    expect(server.callsTo('POST', '/auth/email-verification-confirm')).toHaveLength(0)
  })

  it("confirms, says 'Email verified successfully' and goes to /login with the email filled in", async () => {
    const { user, server } = openWithEmail()
    server.on('POST', '/auth/email-verification-confirm', noContent)
    await screen.findByTestId('email-verification')
    await fill(user, { Code: '12345' })
    await user.click(screen.getByTestId('email-verification-submit'))

    const dialog = await screen.findByRole('alertdialog', { name: 'Success' })
    expect(dialog).toHaveTextContent('Email verified successfully')
    expect(dialog).toHaveTextContent(EMAIL)
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }))
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL)
    expect(server.callsTo('POST', '/auth/email-verification-confirm')[0]?.body).toEqual({
      code: '12345',
      email: EMAIL,
      password: PASSWORD,
    })
    // The password leaves the history entry with the screen.
    expect(JSON.stringify(window.history.state)).not.toContain(PASSWORD)
  })

  it('406: the referral code stopped admitting before verification', async () => {
    const { user, server } = openWithEmail()
    server.on('POST', '/auth/email-verification-confirm', () => apiError(406, 'REFERRAL_REQUIRED'))
    await screen.findByTestId('email-verification')
    await fill(user, { Code: '12345' })
    await user.click(screen.getByTestId('email-verification-submit'))
    await expectErrorDialog(user, 'A valid referral code is required to create an account.')
  })

  it('401: Invalid OTP code, the code kept for correcting', async () => {
    const { user, server } = openWithEmail()
    server.on('POST', '/auth/email-verification-confirm', () => apiError(401, 'INVALID_CODE'))
    await screen.findByTestId('email-verification')
    await fill(user, { Code: '12345' })
    await user.click(screen.getByTestId('email-verification-submit'))
    await expectErrorDialog(user, 'Invalid OTP code')
    expect(screen.getByLabelText('Code')).toHaveValue('12345')
  })

  it('resend asks for a new code, empties the field and waits a minute before the next', async () => {
    const { user, server } = openWithEmail()
    server.on('POST', '/auth/email-verification-request', noContent)
    await screen.findByTestId('email-verification')
    await fill(user, { Code: '99' })
    const resend = screen.getByTestId('resend-code')
    expect(resend).toHaveTextContent('Send the code again')
    await user.click(resend)
    expect(await screen.findByText(/Send the code again in (60|59)s\.\.\./)).toBeInTheDocument()
    expect(screen.getByTestId('resend-code')).toBeDisabled()
    expect(screen.getByLabelText('Code')).toHaveValue('')
    expect(server.callsTo('POST', '/auth/email-verification-request')[0]?.body).toEqual({
      email: EMAIL,
      lng: 'en',
    })
  })

  it('resend: a flood answer says its wait and starts the countdown', async () => {
    const { user, server } = openWithEmail()
    server.on('POST', '/auth/email-verification-request', () =>
      apiErrorWithDetails(429, 'EMAIL_FLOOD', { wait: 125 }),
    )
    await screen.findByTestId('email-verification')
    await user.click(screen.getByTestId('resend-code'))
    await expectErrorDialog(user, 'Too many emails. Please wait 2 minutes 5 seconds.')
    // The countdown starts on the flood's answer; on a loaded machine its first render may follow the dialog's.
    await waitFor(() =>
      expect(screen.getByTestId('resend-code')).toHaveTextContent(/Send the code again in 12[345]s\.\.\./),
    )
  })

  it('opened without an email, asks for it and the password registered with beside the code (no resend)', async () => {
    const { user, server } = inBrowser('/email-verification-confirm')
    server.on('POST', '/auth/email-verification-confirm', noContent)
    await screen.findByTestId('email-verification')
    expect(
      screen.getByText('Enter your email, the password you registered with and the 5-digit code we sent.'),
    ).toBeInTheDocument()
    expect(screen.queryByTestId('resend-code')).not.toBeInTheDocument()
    await user.click(screen.getByTestId('email-verification-submit'))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    await fill(user, { Email: EMAIL, Password: PASSWORD, Code: '54321' })
    await user.click(screen.getByTestId('email-verification-submit'))
    await screen.findByRole('alertdialog', { name: 'Success' })
    expect(server.callsTo('POST', '/auth/email-verification-confirm')[0]?.body).toEqual({
      code: '54321',
      email: EMAIL,
      password: PASSWORD,
    })
  })
})
