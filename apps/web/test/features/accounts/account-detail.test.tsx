import type { Account } from '@app/contract'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { limitTexts, validationText } from '#features/accounts/account-status.ts'
import { apiError, json } from '#test-helpers/fake-server.ts'
import { accountFixture } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl, type TestUser } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'

const INVOICE = '7c1f0000-5f6d-4c1e-9a53-3f0c2d1e4b5a'

function openAccount(
  account: Account,
  path = `/accounts/${account.uid}`,
  version = '6.0',
  user: TestUser = ADA,
) {
  const signed = signedIn()
  signed.server.on('GET', `/accounts/${account.uid}`, () => json(account))
  const view = renderApp(buildLaunchUrl({ path, version, user }).url)
  return { ...signed, ...view }
}

describe('account detail', () => {
  it('shows the header and the three sections', async () => {
    const account = accountFixture({ formattedPhone: '+44 7700 900777', net: 1.5, price: 1.5 })
    openAccount(account)

    expect(await screen.findByTestId('account-phone')).toHaveTextContent('+44 7700 900777')
    expect(screen.getByTestId('account-phone')).toHaveAttribute('dir', 'ltr')
    expect(screen.getByTestId('account-net')).toHaveTextContent('1.50 USDT')
    expect(screen.queryByTestId('account-discount')).not.toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'GB' })).toHaveAttribute('src', '/flags/gb.svg')
    expect(screen.getByRole('heading', { name: 'Acceptance Status' })).toBeInTheDocument()
    expect(screen.getByTestId('account-acceptance')).toHaveTextContent(
      'The account has been successfully accepted.',
    )
    expect(screen.getByTestId('account-limit')).toHaveTextContent('Free')
    expect(screen.getByTestId('account-validation')).toHaveTextContent(
      'The account has been successfully validated.',
    )
  })

  it('marks a limit discount in red as -N%', async () => {
    openAccount(accountFixture({ price: 2, net: 1.5, limitDiscount: 25, limitStatus: 'permanent_limited' }))
    expect(await screen.findByTestId('account-discount')).toHaveTextContent('-25%')
    expect(screen.getByTestId('account-discount')).toHaveClass('header-card__line--alert')
    expect(screen.getByTestId('account-limit')).toHaveTextContent('Limited')
    expect(screen.getByTestId('account-limit')).toHaveTextContent('will cause price discount')
  })

  it('marks a price that differs from the net even without a limit discount', async () => {
    openAccount(accountFixture({ price: 2, net: 1, limitDiscount: 0 }))
    expect(await screen.findByTestId('account-discount')).toHaveTextContent('-50%')
  })

  it('copies the raw phone after a 300 ms press and hold, with a haptic and a toast', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    const account = accountFixture({ phone: '+447700900555' })
    const { telegram } = openAccount(account, `/accounts/${account.uid}`, '8.0')
    const header = await screen.findByTestId('account-header')

    // A short tap copies nothing.
    fireEvent.pointerDown(header, { button: 0, pointerType: 'touch' })
    fireEvent.pointerUp(header)
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)))
    expect(writeText).not.toHaveBeenCalled()

    fireEvent.pointerDown(header, { button: 0, pointerType: 'touch' })
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)))
    expect(writeText).toHaveBeenCalledWith('+447700900555')
    expect(await screen.findByRole('status')).toHaveTextContent('Phone number copied')
    expect(telegram.posted('web_app_trigger_haptic_feedback')).toContainEqual({
      type: 'notification',
      notification_type: 'success',
    })
  })

  it("'Account Info' shows the phone (as the lists write it) and uid", async () => {
    const account = accountFixture({ phone: '+447700900556', formattedPhone: '+44 7700 900556' })
    const { user } = openAccount(account)
    await user.click(await screen.findByRole('button', { name: 'Account Info' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Account Info' })
    expect(dialog).toHaveTextContent('+44 7700 900556')
    expect(dialog).toHaveTextContent(account.uid)
  })

  it('shows a spinner, then the 404 page when the account does not exist', async () => {
    const { server } = signedIn()
    let answer: (response: Response) => void = () => {}
    server.on(
      'GET',
      '/accounts/0b0e6a8e-5f6d-4c1e-9a53-3f0c2d1e9999',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    )
    renderApp(buildLaunchUrl({ path: '/accounts/0b0e6a8e-5f6d-4c1e-9a53-3f0c2d1e9999' }).url)
    expect(await screen.findByTestId('account-loading')).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    // The request leaves once the query has subscribed (an effect, which may run after the spinner is drawn).
    await waitFor(() =>
      expect(server.callsTo('GET', '/accounts/0b0e6a8e-5f6d-4c1e-9a53-3f0c2d1e9999')).toHaveLength(1),
    )
    act(() => answer(apiError(404, 'NOT_FOUND')))
    expect(await screen.findByRole('heading', { name: '404 Page not found!' })).toBeInTheDocument()
  })

  it('shows the 404 page for a malformed uid (400)', async () => {
    const { server } = signedIn()
    server.on('GET', '/accounts/not-a-uid', () => apiError(400, 'VALIDATION_ERROR'))
    renderApp(buildLaunchUrl({ path: '/accounts/not-a-uid' }).url)
    expect(await screen.findByRole('heading', { name: '404 Page not found!' })).toBeInTheDocument()
  })

  it('offers a retry when the server fails, instead of claiming the account is missing', async () => {
    const account = accountFixture()
    const { server } = signedIn()
    let calls = 0
    server.on('GET', `/accounts/${account.uid}`, () => {
      calls += 1
      return calls === 1 ? apiError(503, 'SERVICE_UNAVAILABLE') : json(account)
    })
    const { user } = renderApp(buildLaunchUrl({ path: `/accounts/${account.uid}` }).url)
    expect(await screen.findByTestId('account-error')).toHaveTextContent('The account could not be loaded.')
    expect(screen.queryByRole('heading', { name: '404 Page not found!' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('account-detail')).toBeInTheDocument()
  })

  it('goes back to /accounts, or to the invoice it was opened from', async () => {
    const account = accountFixture()
    const first = openAccount(account, `/accounts/${account.uid}`, '8.0')
    await screen.findByTestId('account-detail')
    act(() => first.telegram.emit('back_button_pressed'))
    // /accounts renders the tabs before its index route redirects to the pending tab: wait for the URL itself.
    await waitFor(() => expect(window.location.pathname).toBe('/accounts/pending'))
    expect(screen.getByRole('tab', { name: 'Pending' })).toBeInTheDocument()
    first.unmount()

    const second = openAccount(account, `/invoices/${INVOICE}/accounts/${account.uid}`, '8.0')
    // The invoice stays loading: this test is about where back leads, not about the invoice.
    second.server.on('GET', `/invoices/${INVOICE}`, () => new Promise<Response>(() => {}))
    await screen.findByTestId('account-detail')
    act(() => second.telegram.emit('back_button_pressed'))
    expect(await screen.findByTestId('invoice-loading')).toBeInTheDocument()
    expect(window.location.pathname).toBe(`/invoices/${INVOICE}`)
  })
})

describe('back from an account opened in the list', () => {
  it('returns to the tab and the search it was opened from, kept in the URL', async () => {
    const account = accountFixture({ status: 'rejected', formattedPhone: '+1 201 555 0115' })
    const { server, telegram, user } = openAccount(account, '/accounts/rejected?search=0115', '8.0')
    server.on('GET', '/accounts', () => json({ items: [account], nextPage: null, previousPage: null }))
    await user.click(await screen.findByTestId('account-row'))
    await screen.findByTestId('account-detail')
    expect(window.location.pathname + window.location.search).toBe(
      `/accounts/${account.uid}?tab=rejected&search=0115`,
    )

    act(() => telegram.emit('back_button_pressed'))
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/accounts/rejected?search=0115'),
    )
    expect(await screen.findByRole('tab', { name: 'Rejected', selected: true })).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search accounts' })).toHaveValue('0115')
    await waitFor(() => {
      const last = server.callsTo('GET', '/accounts').at(-1)
      expect(last?.query.get('search')).toBe('0115')
      expect(JSON.parse(last?.query.get('filters') ?? '')).toEqual({ status: 'rejected', noInvoice: true })
    })
  })

  it('a tab the app does not know goes back to plain /accounts (Pending)', async () => {
    const account = accountFixture()
    const { telegram } = openAccount(account, `/accounts/${account.uid}?tab=nonsense&search=12`, '8.0')
    await screen.findByTestId('account-detail')
    act(() => telegram.emit('back_button_pressed'))
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/accounts/pending'))
  })
})

describe('account texts (spec section 4)', () => {
  const pendingValidation = {
    status: 'pending' as const,
    check2Fa: true,
    checkAuthorization: true,
    checkFreeze: false,
  }

  it.each<[string, Partial<Account>, string]>([
    [
      '2FA changed first',
      { validation: { ...pendingValidation, check2Fa: false, checkAuthorization: false, checkFreeze: true } },
      'accounts.validation.twoFaChanged',
    ],
    [
      'then logged out',
      { validation: { ...pendingValidation, checkAuthorization: false, checkFreeze: true } },
      'accounts.validation.loggedOut',
    ],
    [
      'then frozen',
      { validation: { ...pendingValidation, checkFreeze: true } },
      'accounts.validation.frozen',
    ],
    ['then pending', { validationStatus: 'pending' }, 'accounts.validation.pending'],
    ['then review', { validationStatus: 'review' }, 'accounts.validation.review'],
    ['then failed', { validationStatus: 'failed' }, 'accounts.validation.failed'],
    ['then success', { validationStatus: 'success' }, 'accounts.validation.success'],
  ])('validation text: %s', (_, overrides, key) => {
    expect(validationText(accountFixture(overrides))).toBe(key)
  })

  it.each<[Partial<Account>, string]>([
    [{ limitStatus: 'pending' }, 'accounts.limit.pending.title'],
    [{ limitStatus: 'not_limited' }, 'accounts.limit.not_limited.title'],
    [{ limitStatus: 'temporary_limited' }, 'accounts.limit.temporary_limited.title'],
    [{ limitStatus: 'permanent_limited' }, 'accounts.limit.permanent_limited.title'],
    [{ limitStatus: 'unknown' }, 'accounts.limit.unknown.title'],
    [{ limitStatus: 'permanent_limited', checkLimitStatus: false }, 'accounts.limit.temporary_limited.title'],
  ])('limit %o shows %s', (overrides, key) => {
    expect(limitTexts(accountFixture(overrides)).title).toBe(key)
  })

  it.each([
    ['pending', 'The account is pending for acceptance.'],
    ['rejected', 'Unfortunately, the account has been rejected.'],
  ] as const)('acceptance %s reads %s', async (status, text) => {
    openAccount(accountFixture({ status }))
    expect(await screen.findByTestId('account-acceptance')).toHaveTextContent(text)
  })

  it('frozen wins over the status text on screen; unchecked limit reads as temporary', async () => {
    openAccount(
      accountFixture({
        validationStatus: 'failed',
        validation: { status: 'failed', check2Fa: true, checkAuthorization: true, checkFreeze: true },
        checkLimitStatus: false,
        limitStatus: 'permanent_limited',
      }),
    )
    const validation = await screen.findByTestId('account-validation')
    expect(within(validation).getByText('Account frozen.')).toBeInTheDocument()
    expect(screen.getByTestId('account-limit')).toHaveTextContent('will not cause any price discount')
  })

  const FAILED = {
    status: 'rejected',
    validationStatus: 'failed',
    validation: { status: 'failed', check2Fa: true, checkAuthorization: true, checkFreeze: false },
  } as const

  it.each([
    ['en', ADA, { checkSendMessage: false }, 'MF (message failed): the account could not send a message.'],
    ['en', ADA, { checkAddContact: false }, 'CF (contact failed): the account could not add a contact.'],
    [
      'fa',
      { ...ADA, language_code: 'fa' },
      { checkSendMessage: false },
      'MF\u2069 (ارسال پیام ناموفق): اکانت نتوانست پیام بفرستد.',
    ],
    [
      'fa',
      { ...ADA, language_code: 'fa' },
      { checkAddContact: false },
      'CF\u2069 (افزودن مخاطب ناموفق): اکانت نتوانست مخاطب اضافه کند.',
    ],
  ] as const)(
    '%s: a failed MF or CF check is said in words under Validation Status (%o)',
    async (_, user, checks, words) => {
      const account = accountFixture({ ...FAILED, ...checks })
      openAccount(account, `/accounts/${account.uid}`, '6.0', user)
      const explained = await screen.findByTestId('account-failed-check')
      expect(explained).toHaveTextContent(words)
      expect(within(screen.getByTestId('account-validation')).getByTestId('account-failed-check')).toBe(
        explained,
      )
    },
  )

  it('says no failed check for other failures, nor for a validated account', async () => {
    openAccount(accountFixture({ ...FAILED, checkConnection: false, checkSendMessage: false }))
    await screen.findByTestId('account-validation')
    // The list's label is the first failed check, 'Connection Failed': already words.
    expect(screen.queryByTestId('account-failed-check')).not.toBeInTheDocument()
  })
})
