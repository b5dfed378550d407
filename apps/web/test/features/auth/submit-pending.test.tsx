/**
 * The house style's form rule on every email sign-in form (login has its own test): Submit is disabled while the
 * call runs, so a second tap sends nothing.
 */
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { EMAIL, fill, inBrowser, NEW_PASSWORD, PASSWORD } from './email-auth-helpers.ts'

type Form = {
  path: string
  navigationState?: unknown
  testId: string
  submitTestId: string
  call: string
  fields: Record<string, string>
}

const resendAfter = Date.now() + 60_000
const FORMS: [string, Form][] = [
  [
    'register',
    {
      path: '/register',
      testId: 'register',
      submitTestId: 'register-submit',
      call: '/auth/register',
      fields: {
        Email: EMAIL,
        Password: PASSWORD,
        'Retype password': PASSWORD,
        'Referral code': 'ABCDEFGH23',
      },
    },
  ],
  [
    'email-verification-confirm',
    {
      path: '/email-verification-confirm',
      navigationState: { email: EMAIL, password: PASSWORD, resendAfter },
      testId: 'email-verification',
      submitTestId: 'email-verification-submit',
      call: '/auth/email-verification-confirm',
      fields: { Code: '12345' },
    },
  ],
  [
    'password-reset-request',
    {
      path: '/password-reset-request',
      testId: 'password-reset-request',
      submitTestId: 'password-reset-request-submit',
      call: '/auth/password-reset-request',
      fields: { Email: EMAIL, 'New password': NEW_PASSWORD, 'Retype password': NEW_PASSWORD },
    },
  ],
  [
    'password-reset-confirm',
    {
      path: '/password-reset-confirm',
      navigationState: { email: EMAIL, newPassword: NEW_PASSWORD, resendAfter },
      testId: 'password-reset-confirm',
      submitTestId: 'password-reset-confirm-submit',
      call: '/auth/password-reset-confirm',
      fields: { Code: '24680' },
    },
  ],
]

describe('email sign-in forms: Submit disabled while pending', () => {
  it.each(FORMS)('%s: one call however often Submit is tapped', async (_name, form) => {
    const { user, server } = inBrowser(
      form.path,
      form.navigationState === undefined ? {} : { navigationState: form.navigationState },
    )
    // The answer never comes: the call stays pending.
    server.on('POST', form.call, () => new Promise<Response>(() => {}))
    await screen.findByTestId(form.testId)
    const submit = screen.getByTestId(form.submitTestId)
    expect(submit).toBeEnabled()
    await fill(user, form.fields)
    await user.click(submit)
    await waitFor(() => expect(screen.getByTestId(form.submitTestId)).toBeDisabled())
    await user.click(screen.getByTestId(form.submitTestId))
    expect(server.callsTo('POST', form.call)).toHaveLength(1)
  })
})
