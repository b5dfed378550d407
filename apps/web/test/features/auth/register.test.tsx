import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, apiErrorWithDetails, installFakeServer, json } from '#test-helpers/fake-server.ts'
import { buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'
import { installFakeTelegram } from '#test-helpers/telegram-bridge.ts'
import { EMAIL, expectErrorDialog, fill, inBrowser, PASSWORD } from './email-auth-helpers.ts'

const CODE = 'ABCDEFGH23'

async function fillRegistration(user: Parameters<typeof fill>[0], referralCode: string | null = CODE) {
  await screen.findByTestId('register')
  await fill(user, {
    Email: EMAIL,
    Password: PASSWORD,
    'Retype password': PASSWORD,
    ...(referralCode === null ? {} : { 'Referral code': referralCode }),
  })
}

describe('/register (spec sections 2, 5, 7, 8)', () => {
  it('checks every field with the spec messages; without Telegram the referral code is required', async () => {
    const { user, server } = inBrowser('/register')
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument()
    await user.click(screen.getByTestId('register-submit'))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByText('Retype password is required')).toBeInTheDocument()
    expect(screen.getByText('Referral code is required')).toBeInTheDocument()

    await fill(user, { Email: 'ada@', Password: '12345', 'Retype password': '12345', 'Referral code': 'x!' })
    await user.click(screen.getByTestId('register-submit'))
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(screen.getByText('Invalid referral code')).toBeInTheDocument()

    await fill(user, {
      Email: EMAIL,
      Password: PASSWORD,
      'Retype password': 'something else',
      'Referral code': CODE,
    })
    await user.click(screen.getByTestId('register-submit'))
    expect(await screen.findByText('Password do not match')).toBeInTheDocument()

    // Not the email (nor its name part), and at most 128 characters: said as such, not 'Password is required'.
    await fill(user, { Password: 'Ada@Example.com', 'Retype password': 'Ada@Example.com' })
    await user.click(screen.getByTestId('register-submit'))
    expect(await screen.findByText('Password must not be your email')).toBeInTheDocument()
    await fill(user, { Password: 'p'.repeat(129), 'Retype password': 'p'.repeat(129) })
    await user.click(screen.getByTestId('register-submit'))
    expect(await screen.findByText('Password must be at most 128 characters')).toBeInTheDocument()
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument()
    expect(server.callsTo('POST', '/auth/register')).toHaveLength(0)
  }, 15_000) // many fields typed one key at a time: over the default 5 s on a loaded machine

  it("400 PASSWORD_TOO_COMMON (the list is the server's): says so", async () => {
    const { user, server } = inBrowser('/register')
    server.on('POST', '/auth/register', () => apiError(400, 'PASSWORD_TOO_COMMON'))
    await fillRegistration(user)
    await user.click(screen.getByTestId('register-submit'))
    await expectErrorDialog(user, 'This password is too common: choose another')
  })

  it('fills the referral code from ?ref=, registers without a bearer, says so and asks for the code', async () => {
    const { user, server } = inBrowser(`/register?ref=${CODE}`)
    server.on('POST', '/auth/register', () => json({ email: EMAIL }, 201))
    expect(await screen.findByLabelText('Referral code')).toHaveValue(CODE)
    await fillRegistration(user, null)
    await user.click(screen.getByTestId('register-submit'))

    const dialog = await screen.findByRole('alertdialog', { name: 'Success' })
    expect(dialog).toHaveTextContent('Register successful! We send a email verification code to your email')
    expect(dialog).toHaveTextContent(EMAIL)
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }))
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeInTheDocument()
    expect(screen.getByTestId('email-verification-email')).toHaveTextContent(EMAIL)

    const [call] = server.callsTo('POST', '/auth/register')
    expect(call?.body).toEqual({
      email: EMAIL,
      password: PASSWORD,
      passwordRetype: PASSWORD,
      referralCode: CODE,
      lng: 'en',
    })
    expect(call?.headers.get('Authorization')).toBeNull()
  })

  it('409 EMAIL_ALREADY_SET (signed in with another email already) says it, and the form keeps what was typed', async () => {
    const { user, server } = inBrowser('/register')
    server.on('POST', '/auth/register', () =>
      apiErrorWithDetails(409, 'EMAIL_ALREADY_SET', { email: 'other@example.com' }),
    )
    await fillRegistration(user)
    await user.click(screen.getByTestId('register-submit'))
    await expectErrorDialog(user, 'Your account already signs in with other@example.com.')
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL)
    expect(screen.getByLabelText('Password')).toHaveValue(PASSWORD)
    expect(screen.getByLabelText('Retype password')).toHaveValue(PASSWORD)
    expect(screen.getByLabelText('Referral code')).toHaveValue(CODE)
  })

  it('406 REFERRAL_REQUIRED: a valid referral code is needed', async () => {
    const { user, server } = inBrowser('/register')
    server.on('POST', '/auth/register', () => apiError(406, 'REFERRAL_REQUIRED'))
    await fillRegistration(user)
    await user.click(screen.getByTestId('register-submit'))
    await expectErrorDialog(user, 'A valid referral code is required to create an account.')
  })

  it('EMAIL_DOMAIN_NOT_ACCEPTABLE lists the accepted domains; EMAIL_FLOOD says the wait', async () => {
    const { user, server } = inBrowser('/register')
    let answer = apiErrorWithDetails(400, 'EMAIL_DOMAIN_NOT_ACCEPTABLE', {
      allowedDomains: ['gmail.com', 'outlook.com'],
    })
    server.on('POST', '/auth/register', () => answer)
    await fillRegistration(user)
    await user.click(screen.getByTestId('register-submit'))
    await expectErrorDialog(
      user,
      'This email domain is not accepted. Allowed domains: gmail.com, outlook.com',
    )
    answer = apiErrorWithDetails(429, 'EMAIL_FLOOD', { wait: 45 })
    await user.click(screen.getByTestId('register-submit'))
    await expectErrorDialog(user, 'Too many emails. Please wait 45 seconds.')
  })

  it('signed in through Telegram: no referral field, and the bearer binds the email to that user', async () => {
    const { server } = signedIn()
    server.on('POST', '/auth/register', () => json({ email: EMAIL }, 201))
    const { user } = renderApp(buildLaunchUrl({ path: '/register' }).url)
    await fillRegistration(user, null)
    expect(screen.queryByLabelText('Referral code')).not.toBeInTheDocument()
    await user.click(screen.getByTestId('register-submit'))
    await screen.findByRole('alertdialog', { name: 'Success' })
    const [call] = server.callsTo('POST', '/auth/register')
    expect(call?.body).toEqual({ email: EMAIL, password: PASSWORD, passwordRetype: PASSWORD, lng: 'en' })
    expect(call?.headers.get('Authorization')).toBe('Bearer access-1')
  })

  it('without a session, the code is confirmed with the password just chosen (issue 37)', async () => {
    const { user, server } = inBrowser('/register')
    server.on('POST', '/auth/register', () => json({ email: EMAIL }, 201))
    server.on('POST', '/auth/email-verification-confirm', () => new Response(null, { status: 204 }))
    await fillRegistration(user)
    await user.click(screen.getByTestId('register-submit'))
    const dialog = await screen.findByRole('alertdialog', { name: 'Success' })
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }))
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
    await fill(user, { Code: '12345' })
    await user.click(screen.getByTestId('email-verification-submit'))
    await screen.findByRole('alertdialog', { name: 'Success' })
    const [call] = server.callsTo('POST', '/auth/email-verification-confirm')
    expect(call?.body).toEqual({ code: '12345', email: EMAIL, password: PASSWORD })
  })

  it('signed in through Telegram: the code is confirmed with the same session, which alone may prove it', async () => {
    const { server } = signedIn()
    server.on('POST', '/auth/register', () => json({ email: EMAIL }, 201))
    server.on('POST', '/auth/email-verification-confirm', () => new Response(null, { status: 204 }))
    const { user } = renderApp(buildLaunchUrl({ path: '/register' }).url)
    await fillRegistration(user, null)
    await user.click(screen.getByTestId('register-submit'))
    const dialog = await screen.findByRole('alertdialog', { name: 'Success' })
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }))
    await fill(user, { Code: '12345' })
    await user.click(screen.getByTestId('email-verification-submit'))
    await screen.findByRole('alertdialog', { name: 'Success' })
    const [call] = server.callsTo('POST', '/auth/email-verification-confirm')
    expect(call?.headers.get('Authorization')).toBe('Bearer access-1')
    expect(call?.body).toEqual({ code: '12345', email: EMAIL })
  })

  it('inside Telegram before authorizing, the start parameter fills the referral code', async () => {
    installFakeTelegram()
    installFakeServer()
    renderApp(buildLaunchUrl({ path: '/register', startParam: CODE }).url)
    expect(await screen.findByLabelText('Referral code')).toHaveValue(CODE)
  })
})
