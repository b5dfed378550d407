/** The session gate: signed in it shows the (lazily loaded) shell; logging out everywhere shows the login again. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App } from '#app'
import { fakeApi } from './helpers/test-harness.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('App', () => {
  it('shows the shell once signed in and the login again after logging out everywhere', async () => {
    let signedIn = true
    const calls = fakeApi({
      'GET /ops/session': () =>
        signedIn ? { login: 'sara', role: 'viewer', csrfToken: 'c', expiresAt: 1 } : undefined,
      'DELETE /ops/sessions': () => {
        signedIn = false
        return { sessions: 2 }
      },
    })
    window.history.pushState({}, '', '/console/nowhere')
    render(<App />)
    await screen.findByText('No such page.', {}, { timeout: 5000 })
    expect(screen.getByText('sara · viewer')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }))
    await screen.findByRole('button', { name: 'Sign in' })
    expect(screen.queryByText('sara · viewer')).toBeNull()
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/ops/sessions')).toBe(true)
  })

  it('the old /payouts address, bookmarked before the rename, opens the Transactions screen with its filters', async () => {
    fakeApi({
      'GET /ops/session': () => ({ login: 'sara', role: 'viewer', csrfToken: 'c', expiresAt: 1 }),
      'GET /ops/transactions': () => ({ items: [], nextPage: null }),
      'GET /ops/overview': () => undefined,
    })
    window.history.pushState({}, '', '/console/payouts?status=review&payout=abc')
    render(<App />)
    await screen.findByRole('heading', { name: 'Transactions' }, { timeout: 5000 })
    expect(window.location.pathname).toBe('/console/transactions')
    expect(new URLSearchParams(window.location.search).get('status')).toBe('review')
    expect(new URLSearchParams(window.location.search).get('transaction')).toBe('abc')
  })
})
