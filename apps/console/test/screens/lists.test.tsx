/** The Invites, Users, Transactions and Audit screens against a fake API: lists paged by cursor, filters in the URL. */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuditScreen } from '#screens/audit.tsx'
import { InvitesScreen } from '#screens/invites.tsx'
import { TransactionsScreen } from '#screens/transactions.tsx'
import { UsersScreen } from '#screens/users.tsx'
import { fakeApi, location, opsTransaction, renderScreen } from '../helpers/test-harness.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const invite = {
  code: 'SPRING-24',
  createdAt: '2026-01-02T00:00:00.000Z',
  createdBy: 'alice',
  revokedAt: null,
  uses: 7,
  usedBy: [{ telegramId: 884000001, firstName: 'Nina', joinedAt: '2026-01-03T00:00:00.000Z' }],
}

describe('InvitesScreen', () => {
  it('lists invites with who made them and who joined, and a new one appears after it is made', async () => {
    let made = false
    const calls = fakeApi({
      'GET /ops/invites': () => ({
        items: made ? [{ ...invite, code: 'NEWCODE1', uses: 0, usedBy: [] }, invite] : [invite],
        nextPage: null,
      }),
      'POST /ops/invites': () => {
        made = true
        return { code: 'NEWCODE1' }
      },
    })
    renderScreen(<InvitesScreen />, { url: '/invites', role: 'admin' })
    expect((await screen.findByRole('link', { name: 'Nina' })).getAttribute('href')).toBe(
      '/users?telegramId=884000001',
    )
    expect(screen.getByRole('cell', { name: 'alice' })).toBeTruthy()
    expect(screen.getByText('and 6 more')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Create invite' }))
    await screen.findByText('unused')
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1)
    expect(screen.getAllByText('NEWCODE1').length).toBeGreaterThan(0)
  })
})

describe('UsersScreen', () => {
  it('searches by what is typed (in the URL), lists matches and opens one', async () => {
    const calls = fakeApi({
      'GET /ops/users': () => ({
        items: [
          {
            telegramId: 884000001,
            uid: 'u1',
            firstName: 'Nina',
            lastName: 'Rahimi',
            username: 'nina_r',
            email: 'nina@example.org',
            blocked: false,
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        ],
        nextPage: null,
      }),
    })
    renderScreen(<UsersScreen />, { url: '/users', role: 'viewer' })
    fireEvent.change(screen.getByLabelText('User id, Telegram id, phone, name, username or email'), {
      target: { value: 'nIn' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Find' }))
    const link = await screen.findByRole('link', { name: 'Nina Rahimi' })
    expect(location.current).toBe('/users?q=nIn')
    expect(calls[0]?.url.searchParams.get('q')).toBe('nIn')
    expect(screen.getByRole('cell', { name: '@nina_r' })).toBeTruthy()
    expect(link.getAttribute('href')).toBe('/users?q=nIn&user=u1')
  })

  it('an email-only user is opened by user id, blocked with a reason and unblocked (issue 37, N4)', async () => {
    const uid = '3f0c6a52-9a57-4a57-8d3e-4d1b0b0d2f11'
    const mina = {
      telegramId: null,
      uid,
      firstName: '',
      lastName: null,
      username: null,
      email: 'mina@example.org',
      blocked: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    }
    let blocked = false
    const shown = () => ({
      ...mina,
      blocked,
      canReferrer: true,
      canAddAccount: true,
      canRegisterAccount: true,
      referrerTelegramId: null,
      referralCount: 0,
      referralFlags: [],
    })
    const calls = fakeApi({
      'GET /ops/users': () => ({ items: [mina], nextPage: null }),
      [`GET /ops/users/${uid}`]: shown,
      [`GET /ops/users/${uid}/accounts`]: () => [],
      [`POST /ops/users/${uid}/block`]: () => {
        blocked = true
        return shown()
      },
      [`DELETE /ops/users/${uid}/block`]: () => {
        blocked = false
        return shown()
      },
    })
    renderScreen(<UsersScreen />, { url: '/users?q=mina%40example.org', role: 'admin' })
    fireEvent.click(await screen.findByRole('link', { name: 'mina@example.org' }))
    expect(location.current).toBe(`/users?q=mina%40example.org&user=${uid}`)
    expect((await screen.findByText(new RegExp(`User id ${uid}`))).textContent).toContain('no Telegram')
    fireEvent.click(screen.getByRole('button', { name: 'Block user' }))
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'resold accounts' } })
    fireEvent.click(screen.getByRole('button', { name: 'Block' }))
    await screen.findByText('Blocked: none of their tokens work')
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ body: { reason: 'resold accounts' } })
    fireEvent.click(screen.getByRole('button', { name: 'Unblock' }))
    await screen.findByRole('button', { name: 'Block user' })
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      `/ops/users/${uid}/block`,
    ])
  })
})

describe('TransactionsScreen', () => {
  it('filters by status and currency on the server (in the URL) and pages by cursor', async () => {
    const transaction = (n: number) =>
      opsTransaction({
        uid: `00000000-0000-4000-8000-00000000000${n}`,
        telegramId: 884000000 + n,
        firstName: `Sara ${n}`,
      })
    const calls = fakeApi({
      'GET /ops/transactions': (url) =>
        url.searchParams.get('cursor') === 'next'
          ? { items: [transaction(2)], nextPage: null }
          : { items: [transaction(1)], nextPage: 'next' },
    })
    renderScreen(<TransactionsScreen />, { url: '/transactions?status=pending&currency=trx', role: 'viewer' })
    await screen.findByRole('link', { name: 'Sara 1' })
    const pages = () => calls.filter((c) => c.url.pathname === '/ops/transactions')
    expect(pages()[0]?.url.searchParams.get('currency')).toBe('trx')
    expect(pages()[0]?.url.searchParams.get('status')).toBe('pending')
    fireEvent.click(screen.getByRole('button', { name: 'More transactions' }))
    await screen.findByRole('link', { name: 'Sara 2' })
    expect(pages()[1]?.url.searchParams.get('cursor')).toBe('next')
  })
})

describe('AuditScreen', () => {
  it('offers sign-ins as an object type and sends the filters from the URL', async () => {
    const calls = fakeApi({
      'GET /ops/audit': () => ({
        items: [
          {
            id: '5',
            at: '2026-01-01T00:00:00.000Z',
            actor: 'alice',
            action: 'session.login',
            objectType: 'session',
            objectId: 'alice',
            before: null,
            after: { ip: '127.0.0.1' },
            reason: null,
          },
        ],
        nextPage: null,
      }),
    })
    renderScreen(<AuditScreen />, { url: '/audit?objectType=session&action=session.login', role: 'viewer' })
    await screen.findByText('session.login')
    expect(calls[0]?.url.searchParams.get('objectType')).toBe('session')
    expect(calls[0]?.url.searchParams.get('action')).toBe('session.login')
    const select = screen.getByLabelText('Object type') as HTMLSelectElement
    expect([...select.options].map((o) => o.value)).toContain('session')
    fireEvent.click(screen.getByRole('link', { name: 'Failed sign-ins' }))
    await waitFor(() =>
      expect(location.current).toBe('/audit?objectType=session&action=session.login_failed'),
    )
  })
})
