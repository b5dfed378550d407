/**
 * The support inbox (issue 40, docs/support.md): the list with its filters and search in the call, a thread with its
 * context and the user's record, reply (saved replies in the user's language), assign and close for operators, and
 * a viewer who reads only. What users wrote is text, never markup.
 */
import type { OpsSupportThread, OpsSupportThreadDetail } from '@app/contract/ops'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SupportScreen } from '#screens/support.tsx'
import { fakeApi, renderScreen } from '#test-helpers/test-harness.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const UID = '00000000-0000-4000-8000-000000000001'
const HOSTILE = '<img src=x onerror=alert(1)> **bold**'

const thread = (overrides: Partial<OpsSupportThread> = {}): OpsSupportThread => ({
  uid: UID,
  status: 'open',
  user: {
    uid: '00000000-0000-4000-8000-0000000000aa',
    telegramId: 777000102,
    firstName: 'Reza',
    lastName: 'Karimi',
    username: 'reza_demo',
    language: 'fa',
    blocked: false,
  },
  unread: 2,
  assignee: null,
  lastMessage: { from: 'user', text: HOSTILE, at: '2026-01-01T10:00:00.000Z' },
  awaitingSince: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  ...overrides,
})

const detail = (overrides: Partial<OpsSupportThread> = {}): OpsSupportThreadDetail => ({
  thread: thread(overrides),
  messages: [
    {
      uid: '00000000-0000-4000-8000-000000000011',
      from: 'user',
      operator: null,
      text: HOSTILE,
      hasPhoto: true,
      via: 'app',
      context: {
        screen: '/accounts/submit-account-phone',
        errorCode: 'INTERNAL_SERVER_ERROR',
        status: 500,
        requestId: 'req-42',
      },
      createdAt: '2026-01-01T10:00:00.000Z',
    },
  ],
  record: {
    accounts: { total: 3, latest: [{ uid: 'a1', label: '+98 912 000 0001', status: 'accepted', at: '' }] },
    invoices: [{ uid: 'i1', label: '4.00 USDT', status: 'pending', at: '' }],
    transactions: [],
    errors: [
      {
        at: '2026-01-01T09:59:00.000Z',
        method: 'POST',
        route: '/telegram/submit-account-phone',
        status: 500,
        code: 'INTERNAL_SERVER_ERROR',
        requestId: 'req-42',
      },
    ],
  },
  assignable: ['sara', 'omid'],
})

const SAVED = [
  {
    uid: '00000000-0000-4000-8000-0000000000f1',
    title: 'Try again',
    en: 'Please try again now.',
    fa: 'لطفاً دوباره امتحان کنید.',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
]

function open(
  url: string,
  role: 'viewer' | 'operator' | 'admin',
  answers: Parameters<typeof fakeApi>[0] = {},
) {
  const calls = fakeApi({
    'GET /ops/support/threads': () => ({ items: [thread()] }),
    [`GET /ops/support/threads/${UID}`]: () => detail(),
    [`POST /ops/support/threads/${UID}/read`]: () => ({ ok: true }),
    'GET /ops/support/saved-replies': () => SAVED,
    ...answers,
  })
  renderScreen(
    <Routes>
      <Route path="/support" element={<SupportScreen />} />
      <Route path="/support/:uid" element={<SupportScreen />} />
    </Routes>,
    { url, role },
  )
  return calls
}

const listCalls = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/ops/support/threads')

describe('the support inbox', () => {
  it('lists threads with unread and status, as text; filters and search go to the call', async () => {
    const calls = open('/support', 'operator')
    const row = await screen.findByTestId('support-thread-row')
    expect(row.textContent).toContain('Reza Karimi @reza_demo')
    expect(row.textContent).toContain('2 unread')
    expect(row.textContent).toContain(HOSTILE)
    expect(row.querySelector('img')).toBeNull()
    expect(screen.getByText('Choose a thread.')).toBeTruthy()
    expect(Object.fromEntries(listCalls(calls)[0]?.url.searchParams ?? [])).toEqual({
      status: 'open',
      limit: '100',
    })

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'closed' } })
    fireEvent.change(screen.getByLabelText('Search threads'), { target: { value: ' 0912 ' } })
    fireEvent.click(screen.getByLabelText('Assigned to me'))
    await waitFor(() =>
      expect(Object.fromEntries(listCalls(calls).at(-1)?.url.searchParams ?? [])).toEqual({
        status: 'closed',
        q: '0912',
        mine: 'true',
        limit: '100',
      }),
    )
  })

  it('shows the bidi controls a user wrote, so reversed text cannot pass for something else', async () => {
    const spoof = 'invoice\u202Egnp.exe\u202C \u2067x\u2069 نیم\u200Cفاصله'
    open(`/support/${UID}`, 'operator', {
      'GET /ops/support/threads': () => ({
        items: [thread({ lastMessage: { from: 'user', text: spoof, at: '2026-01-01T10:00:00.000Z' } })],
      }),
      [`GET /ops/support/threads/${UID}`]: () => {
        const answer = detail()
        return { ...answer, messages: answer.messages.map((m) => ({ ...m, text: spoof })) }
      },
    })
    const shown = 'invoice[U+202E]gnp.exe[U+202C] [U+2067]x[U+2069] نیم\u200Cفاصله'
    const message = await screen.findByTestId('support-msg')
    expect(message.querySelector('.support-text')?.textContent).toBe(shown)
    expect(screen.getByTestId('support-thread-row').querySelector('.support-preview')?.textContent).toBe(
      shown,
    )
  })

  it('says so when no thread matches', async () => {
    open('/support', 'viewer', { 'GET /ops/support/threads': () => ({ items: [] }) })
    expect(await screen.findByText('Nobody is waiting: no open threads.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Search threads'), { target: { value: 'reza' } })
    expect(await screen.findByText('No threads match.')).toBeTruthy()
  })

  it('a thread: the context of its error, the photo through the server, the record; opening it marks it read', async () => {
    const calls = open(`/support/${UID}`, 'operator')
    const message = await screen.findByTestId('support-msg')
    expect(message.textContent).toContain(
      'From an error: screen /accounts/submit-account-phone · error INTERNAL_SERVER_ERROR · status 500 · request req-42',
    )
    expect(within(message).getByText(HOSTILE)).toBeTruthy()
    const images = message.querySelectorAll('img')
    expect(images).toHaveLength(1)
    expect(images[0]?.getAttribute('src')).toBe('/ops/support/photos/00000000-0000-4000-8000-000000000011')
    const record = screen.getByRole('complementary', { name: "The user's record" })
    expect(record.textContent).toContain('Accounts (3)')
    expect(record.textContent).toContain('+98 912 000 0001 · accepted')
    expect(record.textContent).toContain('POST /telegram/submit-account-phone · 500 INTERNAL_SERVER_ERROR')
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/read'))).toBe(true),
    )
  })

  it('an operator replies (a saved reply in the user’s language), assigns and closes', async () => {
    const calls = open(`/support/${UID}`, 'operator', {
      [`POST /ops/support/threads/${UID}/replies`]: () => ({
        uid: '00000000-0000-4000-8000-000000000012',
        from: 'operator',
        operator: 'sara',
        text: 'x',
        hasPhoto: false,
        via: 'console',
        context: null,
        createdAt: '2026-01-01T10:01:00.000Z',
      }),
      [`POST /ops/support/threads/${UID}/assign`]: () => thread({ assignee: 'omid' }),
      [`POST /ops/support/threads/${UID}/close`]: () => thread({ status: 'closed' }),
    })
    const saved = await screen.findByLabelText('Saved reply')
    expect(screen.getByRole('button', { name: /Send reply/ }).textContent).toContain('Persian')
    fireEvent.change(saved, { target: { value: SAVED[0]?.uid } })
    const reply = screen.getByLabelText('Reply') as HTMLTextAreaElement
    expect(reply.value).toBe('لطفاً دوباره امتحان کنید.')
    fireEvent.click(screen.getByRole('button', { name: /Send reply/ }))
    await waitFor(() => expect(reply.value).toBe(''))
    const sent = calls.find((c) => c.url.pathname.endsWith('/replies'))
    expect(sent?.body).toEqual({ text: 'لطفاً دوباره امتحان کنید.', clientKey: expect.any(String) })

    fireEvent.change(screen.getByLabelText('Assign to'), { target: { value: 'omid' } })
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname.endsWith('/assign'))?.body).toEqual({ operator: 'omid' }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/close'))).toBe(true))
  })

  it('a refused reply says why and keeps the text', async () => {
    open(`/support/${UID}`, 'operator', {
      [`POST /ops/support/threads/${UID}/replies`]: () =>
        new Response(JSON.stringify({ statusCode: 409, code: 'CONFLICT', message: 'The thread changed' }), {
          status: 409,
        }),
    })
    const reply = (await screen.findByLabelText('Reply')) as HTMLTextAreaElement
    fireEvent.change(reply, { target: { value: 'Hello' } })
    fireEvent.click(screen.getByRole('button', { name: /Send reply/ }))
    expect(await screen.findByText(/The thread changed/)).toBeTruthy()
    expect(reply.value).toBe('Hello')
  })

  it('a viewer reads the thread and its record, with no reply, assign or close', async () => {
    open(`/support/${UID}`, 'viewer')
    await screen.findByTestId('support-msg')
    expect(screen.getByText('Viewers read; operators and admins reply.')).toBeTruthy()
    expect(screen.queryByLabelText('Reply')).toBeNull()
    expect(screen.queryByLabelText('Assign to')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    expect(screen.getByText('Assigned to nobody')).toBeTruthy()
  })
})
