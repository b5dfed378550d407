/**
 * What operators read and copy is written for people (issue 20, item 8): amounts grouped as the mini-app writes them,
 * settings as typed values, the audit log's change as a diff, the user's whole name.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuditScreen } from '#screens/audit.tsx'
import { InvoicesScreen } from '#screens/invoices.tsx'
import { OverviewScreen } from '#screens/overview.tsx'
import { SettingsScreen } from '#screens/settings.tsx'
import { TransactionsScreen } from '#screens/transactions.tsx'
import { UsersScreen } from '#screens/users.tsx'
import { fakeApi, opsTransaction, renderScreen } from '../helpers/test-harness.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement

describe('amounts', () => {
  it('a toman transaction to pay reads 1,182,000 Toman and copies as 1182000; USDT amounts keep 2 decimals, grouped', async () => {
    fakeApi({
      'GET /ops/transactions': () => ({
        items: [
          opsTransaction({
            currency: 'irt',
            amount: '12',
            rate: '98500',
            net: '1182000',
            receiverAddress: 'IR062960000000100324200001',
            bankCard: { name: 'Sara', family: 'Ahmadi', number: '6037991234567890' },
          }),
          opsTransaction({
            uid: '00000000-0000-4000-8000-000000000002',
            currency: 'usdt',
            amount: '1234.5',
            net: '1234.2',
            receiverAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
          }),
        ],
        nextPage: null,
      }),
    })
    renderScreen(<TransactionsScreen />, { url: '/transactions', role: 'viewer' })
    const toman = (await screen.findByText('1,182,000 Toman')).closest('tr') as HTMLElement
    const writeText = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    fireEvent.click(within(toman).getByTitle('Copy 1182000'))
    expect(writeText).toHaveBeenCalledWith('1182000')
    expect(screen.queryByText(/1182000 IRT/)).toBeNull()
    const usdt = rowOf('1,234.20 USDT')
    expect(within(usdt).getByText('1,234.50')).toBeTruthy()
  })

  it('invoices and the overview group their USDT amounts', async () => {
    fakeApi({
      'GET /ops/invoices': () => ({
        items: [
          {
            uid: '00000000-0000-4000-8000-000000000001',
            amount: '12345.5',
            confirmationStatus: 'pending',
            paymentStatus: 'pending',
            createdAt: '2026-01-01T00:00:00.000Z',
            paidAt: null,
            telegramId: 884000001,
            firstName: 'Nina',
            accountCount: 2,
            referralEarnings: '1000',
          },
        ],
        nextPage: null,
      }),
      'GET /ops/overview': () => ({
        invoicesAwaitingConfirmation: 1,
        accountsAwaitingValidation: 0,
        payoutsPending: 1200,
        payoutsBroadcasting: 0,
        payoutsAwaitingConfirmations: 0,
        payoutsConfirmationsExpired: 0,
        payoutsInReview: 0,
        owed: '98765.432',
        paidToday: '0',
        paidTotal: '1500000',
        ledgerCheck: null,
        ledgerProblems: [],
        chainCheck: { trx: false, usdt: false },
        oldestSince: {
          accountsAwaitingValidation: null,
          invoicesAwaitingConfirmation: null,
          payoutsPending: null,
          payoutsBroadcasting: null,
          payoutsInReview: null,
          botOutbox: null,
          emailOutbox: null,
        },
        at: '2026-01-01T00:00:00.000Z',
      }),
      'GET /ops/overview/trends': () => ({
        days: [],
        submitted: [],
        accepted: [],
        rejected: [],
        payouts: [],
        owed: [],
        at: '2026-01-01T00:00:00.000Z',
      }),
    })
    renderScreen(<InvoicesScreen />, { url: '/invoices', role: 'viewer' })
    const invoice = (await screen.findByRole('link', { name: 'Nina' })).closest('tr') as HTMLElement
    expect(within(invoice).getByText('12,345.50')).toBeTruthy()
    expect(within(invoice).getByText('1,000.00')).toBeTruthy()
    cleanup()
    renderScreen(<OverviewScreen />, { url: '/', role: 'viewer' })
    expect(await screen.findByText('98,765.432')).toBeTruthy()
    expect(screen.getByText('1,500,000.00')).toBeTruthy()
    expect(screen.getByText('1,200')).toBeTruthy()
  })
})

describe('settings as typed values', () => {
  it('shows switches, USDT amounts, seconds, a percent, the channel and the domains as values, not JSON', async () => {
    fakeApi({
      'GET /ops/settings': () => ({
        order_open: true,
        payment_open: false,
        min_payment_limit: '10',
        max_payment_limit: '1000000',
        channel_username: null,
        validation_delay_seconds: '3600',
        invoice_delay_seconds: '90',
        referral_share_percent: '10.5',
        email_allowed_domains: '',
        payout_approval_above: '10',
      }),
      'GET /ops/settings/pending': () => [],
    })
    renderScreen(<SettingsScreen />, { role: 'viewer' })
    const value = async (key: string) =>
      within((await screen.findByText(key)).closest('tr') as HTMLElement).getByTestId('setting-value')
        .textContent
    expect(await value('order_open')).toBe('On')
    expect(await value('payment_open')).toBe('Off')
    expect(await value('min_payment_limit')).toBe('10 USDT')
    expect(await value('max_payment_limit')).toBe('1,000,000 USDT')
    expect(await value('payout_approval_above')).toBe('10 USDT')
    expect(await value('channel_username')).toBe('none')
    expect(await value('validation_delay_seconds')).toBe('3,600 s (1 h)')
    expect(await value('invoice_delay_seconds')).toBe('90 s (1 min 30 s)')
    expect(await value('referral_share_percent')).toBe('10.5%')
    expect(await value('email_allowed_domains')).toBe('any domain')
    expect(screen.queryAllByTestId('setting-value').some((cell) => cell.textContent?.includes('"'))).toBe(
      false,
    )
  })
})

describe('the audit log', () => {
  it('shows what changed as a diff, the rest of the state folded away', async () => {
    fakeApi({
      'GET /ops/audit': () => ({
        items: [
          {
            id: '7',
            at: '2026-01-01T00:00:00.000Z',
            actor: 'olga',
            action: 'transaction.broadcast',
            objectType: 'transaction',
            objectId: '00000000-0000-4000-8000-000000000001',
            before: { status: 'pending', txid: null, senderAddress: null },
            after: {
              status: 'broadcasting',
              txid: null,
              senderAddress: null,
              net: '1182000',
              fourEyes: { required: true, approvals: [{ login: 'otto' }] },
            },
            reason: null,
          },
        ],
        nextPage: null,
      }),
    })
    renderScreen(<AuditScreen />, { url: '/audit', role: 'viewer' })
    const change = await screen.findByTestId('audit-change-7')
    const changed = within(change).getAllByTestId('diff-changed')
    expect(changed.map((row) => row.textContent)).toEqual(['statuspending → broadcasting'])
    // Unchanged fields are not listed as changes; what the change added is there, folded.
    expect(within(change).queryByText('txid')).toBeNull()
    const more = within(change).getByText('3 more fields after the change')
    expect(more.closest('details')?.textContent).toContain('fourEyes.required')
    expect(more.closest('details')?.textContent).toContain('1182000')
    expect(screen.queryByRole('columnheader', { name: 'Before' })).toBeNull()
  })

  it('a creation lists its fields; a setting shows the value before and after', async () => {
    fakeApi({
      'GET /ops/audit': () => ({
        items: [
          {
            id: '8',
            at: '2026-01-01T00:00:00.000Z',
            actor: 'ada',
            action: 'setting.set',
            objectType: 'setting',
            objectId: 'payout_approval_above',
            before: { key: 'payout_approval_above', value: '10' },
            after: { key: 'payout_approval_above', value: '5' },
            reason: null,
          },
          {
            id: '9',
            at: '2026-01-01T00:00:00.000Z',
            actor: 'ada',
            action: 'invite.create',
            objectType: 'invite',
            objectId: 'SPRING',
            before: null,
            after: { code: 'SPRING' },
            reason: null,
          },
        ],
        nextPage: null,
      }),
    })
    renderScreen(<AuditScreen />, { url: '/audit', role: 'viewer' })
    const setting = await screen.findByTestId('audit-change-8')
    expect(
      within(setting)
        .getAllByTestId('diff-changed')
        .map((row) => row.textContent),
    ).toEqual(['value10 → 5'])
    const created = screen.getByTestId('audit-change-9')
    expect(
      within(created)
        .getAllByTestId('diff-added')
        .map((row) => row.textContent),
    ).toEqual(['codeSPRING'])
  })
})

describe('the user page', () => {
  it('names the user with the last name', async () => {
    fakeApi({
      'GET /ops/users/884000001': () => ({
        telegramId: 884000001,
        email: null,
        uid: 'u1',
        firstName: 'Nina',
        lastName: 'Rahimi',
        username: 'nina_r',
        canReferrer: true,
        canAddAccount: true,
        canRegisterAccount: true,
        referrerTelegramId: null,
        referralCount: 0,
        blocked: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        referralFlags: [
          { relation: 'referrer', telegramId: 884000002, uid: 'u2', shared: ['card', 'sheba'] },
        ],
      }),
      'GET /ops/users/884000001/accounts': () => [],
    })
    renderScreen(<UsersScreen />, { url: '/users?telegramId=884000001', role: 'viewer' })
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Nina Rahimi (@nina_r)')
    // A self-referral sign is shown on the user.
    expect(screen.getByRole('alert').textContent).toBe(
      'Possible self-referral: paid to the same card, sheba as their referrer (Telegram 884000002)',
    )
  })
})
