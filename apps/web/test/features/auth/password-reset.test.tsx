import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, apiErrorWithDetails } from '#test-helpers/fake-server.ts'
import { EMAIL, expectErrorDialog, fill, inBrowser, NEW_PASSWORD, noContent } from './email-auth-helpers.ts'

const RESET_STATE = { email: EMAIL, newPassword: NEW_PASSWORD, resendAfter: Date.now() + 60_000 }

describe('/password-reset-request (spec sections 2, 5, 7, 8)', () => {
  it('checks the fields with the spec messages', async () => {
    const { user, server } = inBrowser('/password-reset-request')
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset password' })).toBeInTheDocument()
    await user.click(screen.getByTestId('password-reset-request-submit'))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByText('Retype password is required')).toBeInTheDocument()
    await fill(user, { Email: EMAIL, 'New password': '123', 'Retype password': '123' })
    await user.click(screen.getByTestId('password-reset-request-submit'))
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument()
    await fill(user, { 'New password': NEW_PASSWORD, 'Retype password': 'not the same' })
    await user.click(screen.getByTestId('password-reset-request-submit'))
    expect(await screen.findByText('Password do not match')).toBeInTheDocument()
    expect(server.callsTo('POST', '/auth/password-reset-request')).toHaveLength(0)
  })

  it('204: on to /password-reset-confirm with the email and the new password', async () => {
    const { user, server } = inBrowser('/password-reset-request')
    server.on('POST', '/auth/password-reset-request', noContent)
    await screen.findByTestId('password-reset-request')
    await fill(user, { Email: EMAIL, 'New password': NEW_PASSWORD, 'Retype password': NEW_PASSWORD })
    await user.click(screen.getByTestId('password-reset-request-submit'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm password reset' }),
    ).toBeInTheDocument()
    expect(screen.getByTestId('password-reset-email')).toHaveTextContent(EMAIL)
    expect(server.callsTo('POST', '/auth/password-reset-request')[0]?.body).toEqual({
      email: EMAIL,
      newPassword: NEW_PASSWORD,
      passwordRetype: NEW_PASSWORD,
      lng: 'en',
    })
  })

  it('the code screen says a code goes only to an account: the server answers alike for any address (issue 37)', async () => {
    inBrowser('/password-reset-confirm', { navigationState: RESET_STATE })
    await screen.findByTestId('password-reset-confirm')
    expect(
      screen.getByText('If this email signs in to an account, we sent it a 5-digit code. Enter it here:'),
    ).toBeInTheDocument()
  })

  it('400 PASSWORD_TOO_WEAK: says why and what helps, nothing typed lost', async () => {
    const { user, server } = inBrowser('/password-reset-request')
    server.on('POST', '/auth/password-reset-request', () =>
      apiErrorWithDetails(400, 'PASSWORD_TOO_WEAK', { warning: 'simpleRepeat', suggestions: ['repeated'] }),
    )
    await screen.findByTestId('password-reset-request')
    await fill(user, { Email: EMAIL, 'New password': NEW_PASSWORD, 'Retype password': NEW_PASSWORD })
    await user.click(screen.getByTestId('password-reset-request-submit'))
    await expectErrorDialog(
      user,
      'This password is too easy to guess. Repeated characters like "aaa" are easy to guess. Avoid repeated words and characters.',
    )
    expect(screen.getByLabelText('New password')).toHaveValue(NEW_PASSWORD)
  })
})

describe('/password-reset-confirm (spec sections 2, 5, 7, 8)', () => {
  it('without the email and new password in state, goes back to the request', async () => {
    inBrowser('/password-reset-confirm')
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset password' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/password-reset-request')
  })

  it("checks the code, confirms with the new password, says 'Success' and goes to /login", async () => {
    const { user, server } = inBrowser('/password-reset-confirm', { navigationState: RESET_STATE })
    server.on('POST', '/auth/password-reset-confirm', noContent)
    await screen.findByTestId('password-reset-confirm')
    await user.click(screen.getByTestId('password-reset-confirm-submit'))
    expect(await screen.findByText('Code is required')).toBeInTheDocument()
    await fill(user, { Code: '1234' })
    await user.click(screen.getByTestId('password-reset-confirm-submit'))
    expect(await screen.findByText('Code must be 5 digits')).toBeInTheDocument()
    await fill(user, { Code: '24680' })
    await user.click(screen.getByTestId('password-reset-confirm-submit'))

    const dialog = await screen.findByRole('alertdialog', { name: 'Success' })
    expect(dialog).toHaveTextContent(EMAIL)
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }))
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL)
    expect(server.callsTo('POST', '/auth/password-reset-confirm')[0]?.body).toEqual({
      code: '24680',
      email: EMAIL,
      newPassword: NEW_PASSWORD,
    })
    // The entry that held the new password was replaced.
    expect(JSON.stringify(window.history.state)).not.toContain(NEW_PASSWORD)
  })

  it('401: Invalid code provided', async () => {
    const { user, server } = inBrowser('/password-reset-confirm', { navigationState: RESET_STATE })
    server.on('POST', '/auth/password-reset-confirm', () => apiError(401, 'INVALID_CODE'))
    await screen.findByTestId('password-reset-confirm')
    await fill(user, { Code: '24680' })
    await user.click(screen.getByTestId('password-reset-confirm-submit'))
    await expectErrorDialog(user, 'Invalid code provided')
    expect(screen.getByLabelText('Code')).toHaveValue('24680')
  })

  it('waits for the resend, then asks again with the same new password', async () => {
    const { user, server } = inBrowser('/password-reset-confirm', {
      navigationState: { ...RESET_STATE, resendAfter: Date.now() + 2_000 },
    })
    server.on('POST', '/auth/password-reset-request', noContent)
    await screen.findByTestId('password-reset-confirm')
    expect(screen.getByTestId('resend-code')).toHaveTextContent(/Send the code again in [12]s\.\.\./)
    expect(screen.getByTestId('resend-code')).toBeDisabled()
    await waitFor(() => expect(screen.getByTestId('resend-code')).toBeEnabled(), { timeout: 3_500 })
    await user.click(screen.getByTestId('resend-code'))
    await waitFor(() => expect(server.callsTo('POST', '/auth/password-reset-request')).toHaveLength(1))
    expect(server.callsTo('POST', '/auth/password-reset-request')[0]?.body).toEqual({
      email: EMAIL,
      newPassword: NEW_PASSWORD,
      passwordRetype: NEW_PASSWORD,
      lng: 'en',
    })
  })
})
