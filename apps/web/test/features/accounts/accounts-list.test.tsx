import type { Account } from '@app/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { VALIDATION_SETTLE_MS } from '#features/accounts/components/account-row.tsx'
import { json } from '#test-helpers/fake-server.ts'
import { accountFixture, accountPage, dashboardFixture } from '#test-helpers/fixtures.ts'
import { installIntersectionObserver } from '#test-helpers/intersection-observer.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'

const now = () => Math.floor(Date.now() / 1000)

function openAccounts(path: string, pages: Account[][] = [[]], dashboard = dashboardFixture()) {
  const { server } = signedIn(dashboard)
  server.on('GET', '/accounts', (call) => {
    const index = Number(call.query.get('cursor') ?? '0')
    const items = pages[index] ?? []
    return json(accountPage(items, index + 1 < pages.length ? String(index + 1) : null))
  })
  const view = renderApp(buildLaunchUrl({ path }).url)
  return { server, ...view }
}

describe('accounts list', () => {
  it('asks for the tab status with no invoice, newest first, 24 a page, and lists the rows', async () => {
    const { server } = openAccounts('/accounts', [
      [accountFixture({ formattedPhone: '+44 7700 900001', status: 'pending', submitType: 'register' })],
    ])

    expect(await screen.findByText('+44 7700 900001')).toBeInTheDocument()
    const call = server.callsTo('GET', '/accounts')[0]
    expect(JSON.parse(call?.query.get('filters') ?? '')).toEqual({ status: 'pending', noInvoice: true })
    expect(JSON.parse(call?.query.get('sorts') ?? '')).toEqual([
      { model: 'Account', field: 'created_at', direction: 'desc' },
    ])
    expect(call?.query.get('size')).toBe('24')
    expect(call?.query.has('search')).toBe(false)
    expect(call?.query.has('cursor')).toBe(false)
    const row = screen.getByTestId('account-row')
    expect(within(row).getByText('Registered')).toBeInTheDocument()
    expect(row).toHaveAttribute('href', expect.stringMatching(/^\/accounts\/0b0e6a8e-/))
    expect(within(row).getByRole('img', { name: 'GB' })).toHaveAttribute('src', '/flags/gb.svg')
  })

  it('each tab asks for its own status', async () => {
    const { server, user } = openAccounts('/accounts/pending')
    await screen.findByTestId('accounts-empty')

    await user.click(screen.getByRole('tab', { name: 'Rejected' }))
    await waitFor(() => expect(window.location.pathname).toBe('/accounts/rejected'))
    await waitFor(() => {
      const last = server.callsTo('GET', '/accounts').at(-1)
      expect(JSON.parse(last?.query.get('filters') ?? '')).toEqual({ status: 'rejected', noInvoice: true })
    })
    await user.click(screen.getByRole('tab', { name: 'Accepted' }))
    await waitFor(() => {
      const last = server.callsTo('GET', '/accounts').at(-1)
      expect(JSON.parse(last?.query.get('filters') ?? '')).toEqual({ status: 'accepted', noInvoice: true })
    })
  })

  it('shows an empty state', async () => {
    openAccounts('/accounts/accepted')
    expect(await screen.findByText('No accounts here yet.')).toBeInTheDocument()
  })

  it('searches 500 ms after the last keystroke, keeps it in the URL, and caps it under 15 characters', async () => {
    const { server, user } = openAccounts('/accounts/pending')
    await screen.findByTestId('accounts-empty')
    const box = screen.getByRole('searchbox', { name: 'Search accounts' })

    await user.type(box, '7700')
    // Not yet: the debounce holds the request.
    expect(server.callsTo('GET', '/accounts').filter((c) => c.query.has('search'))).toHaveLength(0)
    await waitFor(() => expect(window.location.search).toBe('?search=7700'), { timeout: 2000 })
    await waitFor(() => {
      const searched = server.callsTo('GET', '/accounts').filter((c) => c.query.has('search'))
      expect(searched.map((c) => c.query.get('search'))).toEqual(['7700'])
    })

    await user.clear(box)
    await user.type(box, '12345678901234567890')
    expect(box).toHaveValue('12345678901234')
    // The tab keeps the search.
    await waitFor(() => expect(window.location.search).toBe('?search=12345678901234'), { timeout: 2000 })
    await user.click(screen.getByRole('tab', { name: 'Accepted' }))
    await waitFor(() => expect(window.location.search).toBe('?search=12345678901234'))
  })

  it('loads the next page by cursor when the end of the list scrolls into view', async () => {
    const viewport = installIntersectionObserver()
    const { server } = openAccounts('/accounts/accepted', [
      [accountFixture({ formattedPhone: '+44 7700 900101' })],
      [accountFixture({ formattedPhone: '+44 7700 900102' })],
    ])
    await screen.findByText('+44 7700 900101')
    expect(screen.queryByText('+44 7700 900102')).not.toBeInTheDocument()
    await waitFor(() => expect(viewport.observing()).toBe(true))

    act(() => viewport.scrollIntoView())

    expect(await screen.findByText('+44 7700 900102')).toBeInTheDocument()
    expect(server.callsTo('GET', '/accounts').map((c) => c.query.get('cursor'))).toEqual([null, '1'])
    // The last page has no next cursor: nothing more is asked.
    act(() => viewport.scrollIntoView())
    expect(server.callsTo('GET', '/accounts')).toHaveLength(2)
  })

  it.each<[string, string, Partial<Account>]>([
    ['success', 'Validated', { validationStatus: 'success' }],
    ['review', 'Review', { validationStatus: 'review' }],
    ['pending with a past validationAt', 'Pending', { validationStatus: 'pending', validationAt: 1 }],
    ['failed, no check identified', 'Validation Failed', { validationStatus: 'failed' }],
    [
      'failed single authorization',
      'Multi Session',
      { validationStatus: 'failed', checkSingleAuthorization: false },
    ],
    ['failed 2FA', '2FA Failed', { validationStatus: 'failed', check2Fa: false, checkConnection: false }],
    ['failed authorization', 'Login Failed', { validationStatus: 'failed', checkAuthorization: false }],
    ['failed connection', 'Connection Failed', { validationStatus: 'failed', checkConnection: false }],
    ['failed chats', 'Used', { validationStatus: 'failed', checkChats: false }],
    ['frozen', 'Frozen', { validationStatus: 'failed', checkFreeze: true }],
    ['failed send message', 'MF', { validationStatus: 'failed', checkSendMessage: false }],
    ['failed add contact', 'CF', { validationStatus: 'failed', checkAddContact: false }],
  ])('validation %s is labelled %s', async (_, label, overrides) => {
    openAccounts('/accounts/accepted', [[accountFixture(overrides)]])
    const row = await screen.findByTestId('account-row')
    expect(within(row).getByText(label)).toBeInTheDocument()
  })

  it('refreshes the list once a countdown has ended and the server had time to validate', async () => {
    const { server } = openAccounts('/accounts/pending', [
      [accountFixture({ status: 'pending', validationStatus: 'pending', validationAt: now() + 2 })],
    ])
    // The row shows the countdown, or already 'Pending' on a slow machine: either way it has been listed once.
    await screen.findByTestId('account-row')
    const before = server.callsTo('GET', '/accounts').length
    expect(before).toBe(1)
    await waitFor(() => expect(server.callsTo('GET', '/accounts').length).toBeGreaterThan(before), {
      timeout: 1000 + 2000 + VALIDATION_SETTLE_MS + 2000,
    })
  }, 20_000)

  it('counts down to a future validation and shows the validation time only once not pending', async () => {
    const validationAt = now() + 90
    openAccounts('/accounts/pending', [
      [
        accountFixture({ status: 'pending', validationStatus: 'pending', validationAt }),
        accountFixture({ status: 'rejected', validationStatus: 'failed', validationAt: 1_700_000_000 }),
      ],
    ])
    const [pending, rejected] = await screen.findAllByTestId('account-row')
    if (!pending || !rejected) throw new Error('rows missing')
    const countdown = within(pending).getByTestId('validation-countdown')
    expect(countdown.textContent).toMatch(/^01:(30|29)$/)
    expect(countdown).toHaveAttribute('dir', 'ltr')
    const first = countdown.textContent
    await waitFor(() => expect(countdown.textContent).not.toBe(first), { timeout: 2500 })
    expect(within(pending).queryByTestId('validation-time')).not.toBeInTheDocument()

    const date = new Date(1_700_000_000 * 1000)
    const two = (n: number) => String(n).padStart(2, '0')
    expect(within(rejected).getByTestId('validation-time')).toHaveTextContent(
      `${two(date.getMonth() + 1)}/${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`,
    )
  })

  it('offers Register and a secondary Login when both are allowed', async () => {
    const { user } = openAccounts('/accounts/pending')
    const register = await screen.findByRole('button', { name: 'Register' })
    const login = screen.getByRole('button', { name: 'Login' })
    expect(register).toHaveClass('button--primary')
    expect(login).toHaveClass('button--secondary')

    await user.click(login)
    expect(await screen.findByRole('heading', { level: 1, name: 'Login Account' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/accounts/submit-account-phone')
  })

  it('Register opens the sign-up flow', async () => {
    const { user } = openAccounts('/accounts/pending')
    await user.click(await screen.findByRole('button', { name: 'Register' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Register Account' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/accounts/auth/send-code')
  })

  it('offers only Login (primary) to users who may only add accounts', async () => {
    openAccounts('/accounts/pending', [[]], dashboardFixture({ canRegisterAccount: false }))
    expect(await screen.findByRole('button', { name: 'Login' })).toHaveClass('button--primary')
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument()
  })

  it('offers no button while orders are closed, and says why', async () => {
    openAccounts('/accounts/pending', [[]], dashboardFixture({ isOpen: false }))
    await screen.findByTestId('accounts-empty')
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument()
    expect(screen.getByTestId('accounts-closed')).toHaveTextContent(
      "Orders are closed for now, so new accounts can't be registered or logged in.",
    )
  })

  it('says why in Persian too', async () => {
    const { server } = signedIn(dashboardFixture({ isOpen: false }))
    server.on('GET', '/accounts', () => json(accountPage([], null)))
    renderApp(buildLaunchUrl({ path: '/accounts/pending', user: { ...ADA, language_code: 'fa' } }).url)
    expect(await screen.findByTestId('accounts-closed')).toHaveTextContent(
      'سفارش‌ها فعلاً بسته است؛ برای همین ثبت‌نام و ورود اکانت تازه ممکن نیست.',
    )
    expect(screen.queryByRole('button', { name: 'ورود' })).not.toBeInTheDocument()
  })

  it('shows no note while orders are open', async () => {
    openAccounts('/accounts/pending')
    await screen.findByRole('button', { name: 'Register' })
    expect(screen.queryByTestId('accounts-closed')).not.toBeInTheDocument()
  })
})
