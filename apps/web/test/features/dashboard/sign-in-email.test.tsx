import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json } from '#test-helpers/fake-server.ts'
import { dashboardFixture } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'
import { EMAIL, fill, noContent, PASSWORD } from '../auth/email-auth-helpers.ts'

const PERSIAN = { ...ADA, language_code: 'fa' }

/** A Telegram user's home; the dashboard's sign-in email is whatever `email()` says at each read. */
function home(email: () => string | null, user = ADA) {
  const signed = signedIn()
  const fixture = dashboardFixture()
  signed.server.on('GET', '/dashboard', () => json({ ...fixture, user: { ...fixture.user, email: email() } }))
  return { ...signed, ...renderApp(buildLaunchUrl({ user }).url) }
}

describe('a sign-in email for a Telegram user (docs/email-auth.md)', () => {
  it.each([
    ['en', ADA, 'Add a sign-in email'],
    ['fa', PERSIAN, 'افزودن ایمیل ورود'],
  ] as const)(
    '%s: the user card offers to add one, which opens the registration bound to this user',
    async (_, user, text) => {
      home(() => null, user)
      const card = await screen.findByTestId('user-card')
      const entry = await within(card).findByRole('link', { name: text })
      expect(entry).toHaveAttribute('href', '/register')
      expect(within(card).queryByTestId('user-card-email')).not.toBeInTheDocument()
    },
  )

  it('adds it: register with the session, the mailed code, then home shows the email', async () => {
    let email: string | null = null
    const { server, user } = home(() => email)
    server.on('POST', '/auth/register', () => json({ email: EMAIL }, 201))
    server.on('POST', '/auth/email-verification-confirm', () => {
      email = EMAIL
      return noContent()
    })
    await user.click(await screen.findByRole('link', { name: 'Add a sign-in email' }))

    // The registration speaks of this account, not of a new one: no referral code, no login link.
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a sign-in email' })).toBeInTheDocument()
    expect(screen.getByTestId('register')).toHaveTextContent('this same account')
    expect(screen.queryByLabelText('Referral code')).not.toBeInTheDocument()
    expect(screen.queryByTestId('register-login')).not.toBeInTheDocument()
    await fill(user, { Email: EMAIL, Password: PASSWORD, 'Retype password': PASSWORD })
    await user.click(screen.getByTestId('register-submit'))
    const registered = await screen.findByRole('alertdialog', { name: 'Success' })
    await user.click(within(registered).getByRole('button', { name: 'Ok' }))
    expect(server.callsTo('POST', '/auth/register')[0]?.headers.get('Authorization')).toBe('Bearer access-1')

    await fill(user, { Code: '12345' })
    await user.click(screen.getByTestId('email-verification-submit'))
    const verified = await screen.findByRole('alertdialog', { name: 'Success' })
    expect(verified).toHaveTextContent('Email verified successfully')
    await user.click(within(verified).getByRole('button', { name: 'Ok' }))

    // Home, not the email login: the user is signed in already, and the card now shows the email.
    await waitFor(() => expect(window.location.pathname).toBe('/'))
    const shown = await screen.findByTestId('user-card-email')
    expect(shown).toHaveTextContent(EMAIL)
    expect(shown).toHaveTextContent('Sign-in email')
    expect(screen.queryByRole('link', { name: 'Add a sign-in email' })).not.toBeInTheDocument()
    expect(server.callsTo('POST', '/auth/email-verification-confirm')[0]?.headers.get('Authorization')).toBe(
      'Bearer access-1',
    )
  })

  it.each([
    ['en', ADA, 'Sign-in email'],
    ['fa', PERSIAN, 'ایمیل ورود'],
  ] as const)('%s: once added, the card shows the email left to right', async (_, user, label) => {
    home(() => EMAIL, user)
    const shown = await screen.findByTestId('user-card-email')
    expect(shown).toHaveTextContent(label)
    expect(within(shown).getByText(EMAIL)).toHaveAttribute('dir', 'ltr')
    expect(screen.getByTestId('user-card')).toHaveTextContent('Ada Lovelace')
    expect(screen.queryByRole('link', { name: /sign-in email|ایمیل ورود/ })).not.toBeInTheDocument()
  })
})
