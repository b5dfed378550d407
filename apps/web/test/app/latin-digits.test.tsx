/**
 * Every field a person types a number into takes Persian (۰-۹) and Arabic-Indic (٠-٩) digits, as Iranian
 * keyboards type them: the field shows Latin digits as they are typed and the call carries Latin digits
 * (lib/latin-digits.ts on the fields, the contract's `latinDigits()` in the rules). The toman form's card and
 * sheba fields have their own test (features/payment-requests/__tests__/toman-form.test.tsx).
 */
import type { AuthSession, SentCodeInfo } from '@app/contract'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resetFlows } from '#features/account-submission/flow-store.ts'
import { installFakeServer, json } from '#test-helpers/fake-server.ts'
import { accountFixture, accountPage } from '#test-helpers/fixtures.ts'
import { buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'

afterEach(resetFlows)

const persian = (value: string) => value.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)))
const arabicIndic = (value: string) => value.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))

const PHONE = '+989120000003'
const FORMATTED = '+98 912 000 0003'
const sentCode: SentCodeInfo = { codeType: 'sms', nextType: null, length: 5, timeout: 60 }

function open(path: string, navigationState?: unknown) {
  const signed = signedIn()
  signed.server.on('GET', '/accounts', () => json(accountPage([])))
  return { ...signed, ...renderApp(buildLaunchUrl({ path }).url, { navigationState }) }
}

type User = ReturnType<typeof open>['user']

/** Types `typed` into the field; it must read `shown` before the button is pressed. */
async function enter(user: User, label: string, typed: string, shown: string, button: string) {
  const field = await screen.findByRole('textbox', { name: label })
  await user.type(field, typed)
  expect(field).toHaveValue(shown)
  await user.click(screen.getByRole('button', { name: button }))
}

describe('numbers typed in Persian or Arabic-Indic digits', () => {
  it('the login wizard: phone, login email code and login code', async () => {
    const { server, user } = open('/accounts/submit-account-phone', { type: 'login' })
    server.on('POST', '/telegram/submit-account-phone', () =>
      json({
        sentCodeInfo: { ...sentCode, codeType: 'setup_email_required' },
        phone: PHONE,
        formattedPhone: FORMATTED,
      }),
    )
    server.on('POST', '/telegram/submit-account-email', () =>
      json({ email: 'ada@example.com', emailCode: { length: 6 } }),
    )
    server.on('POST', '/telegram/submit-account-email-code', () =>
      json({ sentCodeInfo: sentCode, phone: PHONE, formattedPhone: FORMATTED }),
    )
    server.on('POST', '/telegram/submit-account-code', () => json({ ready: true }))
    server.on('POST', '/telegram/submit-account', () => json(accountFixture()))

    await enter(user, 'Phone number', persian(PHONE), PHONE, 'Next')
    await screen.findByRole('heading', { level: 1, name: 'Choose a login email' })
    expect(server.callsTo('POST', '/telegram/submit-account-phone')[0]?.body).toEqual({
      phone: PHONE,
      submitType: 'login',
    })
    await enter(user, 'Email', 'ada@example.com', 'ada@example.com', 'Next')
    await enter(user, 'Verification code', arabicIndic('123456'), '123456', 'Next')
    await screen.findByRole('heading', { level: 1, name: 'Enter code' })
    expect(server.callsTo('POST', '/telegram/submit-account-email-code')[0]?.body).toEqual({ code: '123456' })
    await enter(user, 'Code', persian('12345'), '12345', 'Submit')
    await waitFor(() => expect(window.location.pathname).toBe('/accounts/pending'))
    expect(server.callsTo('POST', '/telegram/submit-account-code')[0]?.body).toEqual({ code: '12345' })
  })

  it('the sign-up flow: phone, login email code and the SMS code', async () => {
    const { server, user } = open('/accounts/auth/send-code')
    const session = (overrides: Partial<AuthSession>): AuthSession => ({
      sessionId: 'session-1',
      phoneNumber: PHONE,
      formattedPhone: FORMATTED,
      sentCode: { type: { '@type': 'authenticationCodeTypeSms', length: 5 }, timeout: 60 },
      ...overrides,
    })
    server.on('POST', '/telegram/auth/send-code', () =>
      json(session({ sentCode: { type: { '@type': 'authenticationCodeTypeSetUpEmailRequired' } } })),
    )
    server.on('POST', '/telegram/auth/setup-login-email', () =>
      json(session({ sentCode: null, sentEmailCode: { length: 6 } })),
    )
    server.on('POST', '/telegram/auth/verify-login-email', () => json(session({})))
    server.on('POST', '/telegram/auth/signup', () =>
      json({ phoneNumber: PHONE, firstName: 'Ada', lastName: 'Lovelace' }),
    )

    await enter(user, 'Phone number', persian(PHONE), PHONE, 'Next')
    await screen.findByRole('heading', { level: 1, name: 'Choose a login email' })
    expect(server.callsTo('POST', '/telegram/auth/send-code')[0]?.body).toEqual({
      phoneNumber: PHONE,
      purpose: 'signup',
    })
    await enter(user, 'Email', 'ada@example.com', 'ada@example.com', 'Next')
    await enter(user, 'Verification code', persian('123456'), '123456', 'Next')
    await screen.findByRole('heading', { level: 1, name: 'Enter code' })
    expect(server.callsTo('POST', '/telegram/auth/verify-login-email')[0]?.body).toMatchObject({
      code: '123456',
    })
    await enter(user, 'Code', arabicIndic('12345'), '12345', 'Submit')
    await waitFor(() => expect(server.callsTo('POST', '/telegram/auth/signup')).toHaveLength(1))
    expect(server.callsTo('POST', '/telegram/auth/signup')[0]?.body).toMatchObject({ phoneCode: '12345' })
  })

  it('the accounts search', async () => {
    const { server, user } = open('/accounts/pending')
    const box = await screen.findByRole('searchbox', { name: 'Search accounts' })
    await user.type(box, persian('0008'))
    expect(box).toHaveValue('0008')
    await waitFor(() => expect(window.location.search).toBe('?search=0008'), { timeout: 2000 })
    await waitFor(() =>
      expect(server.callsTo('GET', '/accounts').map((call) => call.query.get('search'))).toContain('0008'),
    )
  })

  it('the email sign-in code', async () => {
    const server = installFakeServer()
    server.on('POST', '/auth/email-verification-confirm', () => new Response(null, { status: 204 }))
    const { user } = renderApp('/email-verification-confirm', {
      navigationState: { email: 'ada@example.com', password: 'correct horse', resendAfter: Date.now() },
    })
    const code = await screen.findByLabelText('Code')
    await user.type(code, persian('01234'))
    expect(code).toHaveValue('01234')
    await user.click(screen.getByTestId('email-verification-submit'))
    await waitFor(() =>
      expect(server.callsTo('POST', '/auth/email-verification-confirm')[0]?.body).toEqual({
        code: '01234',
        email: 'ada@example.com',
        password: 'correct horse',
      }),
    )
  })
})
