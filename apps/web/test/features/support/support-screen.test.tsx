/**
 * The support screen (issue 40, docs/support.md): one conversation, newest last; a message goes with the context of
 * the error it started from; the user's own messages say Sent, Seen or Replied; limits and refusals are said in the
 * user's language, and what was written stays in the box; a photo the server would refuse is refused before sending.
 */
import type { SupportMessage, SupportThread } from '@app/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { resetFlows } from '#features/account-submission/flow-store.ts'
import { formatTimestamp } from '#lib/format.ts'
import { forgetSupportContext } from '#lib/support-link.ts'
import { apiError, apiErrorWithDetails, installFakeServer, json } from '#test-helpers/fake-server.ts'
import { accountPage, dashboardFixture } from '#test-helpers/fixtures.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'
import { installFakeTelegram } from '#test-helpers/telegram-bridge.ts'

afterEach(() => {
  forgetSupportContext()
  resetFlows()
})

let nextUid = 1
const uid = () => `00000000-0000-4000-8000-${String(nextUid++).padStart(12, '0')}`

function message(overrides: Partial<SupportMessage>): SupportMessage {
  return {
    uid: uid(),
    from: 'user',
    text: 'hello',
    hasPhoto: false,
    via: 'app',
    createdAt: 1_700_000_000,
    state: 'sent',
    ...overrides,
  }
}

const thread = (messages: SupportMessage[], status: SupportThread['status'] = 'open', unread = 0) =>
  ({ status, messages, unread }) satisfies SupportThread

function openSupport(initial: SupportThread, language = 'en') {
  const signed = signedIn(dashboardFixture())
  let current = initial
  signed.server.on('GET', '/support/thread', () => json(current))
  signed.server.on('POST', '/support/read', () => json({ ok: true }))
  const view = renderApp(buildLaunchUrl({ path: '/support', user: { ...ADA, language_code: language } }).url)
  return {
    ...signed,
    ...view,
    setThread: (next: SupportThread) => {
      current = next
    },
  }
}

const bubbles = () => screen.findAllByTestId('support-message')

describe('the support screen', { timeout: 15_000 }, () => {
  it('sends what the user wrote, once, and shows it newest last with Sent', async () => {
    const opened = openSupport(thread([]))
    expect(await screen.findByText('No messages yet. Tell us what happened.')).toBeInTheDocument()
    const sent = message({ text: 'My payout is late' })
    opened.server.on('POST', '/support/messages', () => json(sent, 201))
    opened.setThread(thread([sent]))
    await opened.user.type(screen.getByRole('textbox', { name: 'Your message' }), 'My payout is late')
    await opened.user.click(screen.getByRole('button', { name: 'Send' }))

    const [only] = await bubbles()
    expect(only).toHaveTextContent('My payout is late')
    expect(only).toHaveTextContent('Sent')
    const calls = opened.server.callsTo('POST', '/support/messages')
    expect(calls).toHaveLength(1)
    expect(calls[0]?.body).toEqual({ text: 'My payout is late', clientKey: expect.any(String) })
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled()
  })

  it('shows Seen and Replied on the user’s messages, the team’s reply as text, and marks it read', async () => {
    const opened = openSupport(
      thread(
        [
          message({ text: 'first', state: 'replied' }),
          message({ from: 'operator', text: '<b>not bold</b> **nor this**', state: null, via: 'console' }),
          message({ text: 'second', state: 'seen' }),
        ],
        'waiting',
        1,
      ),
    )
    const [first, reply, second] = await bubbles()
    expect(first).toHaveTextContent('first')
    expect(first).toHaveTextContent('Replied')
    expect(reply).toHaveTextContent('Support')
    expect(reply).toHaveTextContent('<b>not bold</b> **nor this**')
    expect(within(reply as HTMLElement).queryByTestId('support-message-state')).toBeNull()
    expect(reply?.querySelector('b')).toBeNull()
    expect(second).toHaveTextContent('Seen')
    expect(screen.getByTestId('support-status')).toHaveTextContent('We answered.')
    await waitFor(() => expect(opened.server.callsTo('POST', '/support/read')).toHaveLength(1))
  })

  it('in Persian: the words, the states and a refusal with its wait; the text stays in the box', async () => {
    const opened = openSupport(thread([message({ text: 'سلام', state: 'seen' })]), 'fa')
    const [only] = await bubbles()
    expect(only).toHaveTextContent('شما')
    expect(only).toHaveTextContent('دیده شد')
    // When, as every list of the app says it: MM/DD HH:mm in Latin digits (docs/web.md, 'Numbers').
    expect(only).toHaveTextContent(formatTimestamp(1_700_000_000))
    expect(only?.textContent).not.toMatch(/[۰-۹]/)
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    opened.server.on('POST', '/support/messages', () =>
      apiErrorWithDetails(429, 'SUPPORT_LIMIT_REACHED', { wait: 600 }),
    )
    opened.telegram.answerPopupsWith('ok')
    await opened.user.type(screen.getByRole('textbox', { name: 'پیام شما' }), 'پیام دوم')
    await opened.user.click(screen.getByRole('button', { name: 'ارسال' }))
    const dialog = await screen.findByRole('alertdialog')
    // Digits are Latin in Persian too (test/app/latin-digits.test.tsx).
    expect(dialog).toHaveTextContent('لطفاً 10 دقیقه صبر کنید')
    expect(screen.getByRole('textbox', { name: 'پیام شما' })).toHaveValue('پیام دوم')
  })

  it('in English: a limit reached says how long to wait, and the text stays', async () => {
    const opened = openSupport(thread([]))
    await screen.findByText('No messages yet. Tell us what happened.')
    opened.server.on('POST', '/support/messages', () =>
      apiErrorWithDetails(429, 'SUPPORT_LIMIT_REACHED', { wait: 90 }),
    )
    await opened.user.type(screen.getByRole('textbox', { name: 'Your message' }), 'again')
    await opened.user.click(screen.getByRole('button', { name: 'Send' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' })
    expect(dialog).toHaveTextContent(
      'You have sent many messages this hour. Please wait 1 minute 30 seconds; your message is still here.',
    )
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('again')
  })

  it('refuses a photo too large or of another type before sending, and sends one that fits', async () => {
    const opened = openSupport(thread([]))
    await screen.findByText('No messages yet. Tell us what happened.')
    const input = screen.getByTestId('support-photo') as HTMLInputElement
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' })
    await opened.user.upload(input, big)
    expect(await screen.findByRole('alertdialog', {}, { timeout: 5000 })).toHaveTextContent(
      'This photo is too large. Please choose one under 5 MB.',
    )
    await opened.user.click(screen.getByRole('button', { name: 'Ok' }))

    const gif = new File([new Uint8Array(10)], 'a.gif', { type: 'image/gif' })
    // The picker offers images only; a user can still choose "all files".
    await userEvent.setup({ applyAccept: false }).upload(input, gif)
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent(
      'Only photos (JPEG, PNG or WebP) can be attached.',
    )
    await opened.user.click(screen.getByRole('button', { name: 'Ok' }))
    expect(opened.server.callsTo('POST', '/support/messages')).toHaveLength(0)

    const small = new File([new Uint8Array([1, 2, 3])], 'ok.png', { type: 'image/png' })
    await opened.user.upload(input, small)
    await screen.findByRole('button', { name: 'Remove the photo' })
    opened.server.on('POST', '/support/messages', () => json(message({ text: null, hasPhoto: true }), 201))
    await opened.user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(opened.server.callsTo('POST', '/support/messages')).toHaveLength(1))
    expect(opened.server.callsTo('POST', '/support/messages')[0]?.body).toEqual({
      photo: { type: 'image/png', data: 'AQID' },
      clientKey: expect.any(String),
    })
  })

  it('a server error on the phone step offers Contact support, which opens the conversation with the context', async () => {
    const signed = signedIn(dashboardFixture({ phoneCountry: 'IR' }))
    signed.server.on('GET', '/accounts', () => json(accountPage([])))
    signed.server.on('POST', '/telegram/submit-account-phone', () => {
      const response = apiError(500, 'INTERNAL_SERVER_ERROR', 'Internal Server Error')
      response.headers.set('x-request-id', 'req-42')
      return response
    })
    signed.server.on('GET', '/support/thread', () => json(thread([], null)))
    const view = renderApp(buildLaunchUrl({ path: '/accounts/submit-account-phone' }).url, {
      navigationState: { type: 'login' },
    })
    await view.user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '0912 000 0014')
    await view.user.click(screen.getByRole('button', { name: 'Next' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' })
    expect(dialog).toHaveTextContent('Something went wrong. Please contact support.')
    await view.user.click(within(dialog).getByRole('button', { name: 'Contact support' }))

    await screen.findByRole('heading', { level: 1, name: 'Support' })
    const chip = await screen.findByTestId('support-context')
    expect(chip).toHaveTextContent('INTERNAL_SERVER_ERROR · 500 · /accounts/submit-account-phone')
    signed.server.on('POST', '/support/messages', () => json(message({ text: 'help' }), 201))
    await view.user.type(screen.getByRole('textbox', { name: 'Your message' }), 'help')
    await view.user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(signed.server.callsTo('POST', '/support/messages')).toHaveLength(1))
    expect(signed.server.callsTo('POST', '/support/messages')[0]?.body).toMatchObject({
      text: 'help',
      context: {
        screen: '/accounts/submit-account-phone',
        errorCode: 'INTERNAL_SERVER_ERROR',
        status: 500,
        requestId: 'req-42',
      },
    })
    await waitFor(() => expect(screen.queryByTestId('support-context')).toBeNull())
  })

  it('a blocked user’s Contact support opens the conversation signed with Telegram’s init data', async () => {
    installFakeTelegram()
    const server = installFakeServer()
    server.on('POST', '/auth/telegram/authorize', () => apiError(403, 'USER_BLOCKED'))
    server.on('GET', '/support/thread', () => json(thread([], null)))
    const view = renderApp(buildLaunchUrl().url)
    const alert = await screen.findByRole('alert')
    await view.user.click(within(alert).getByRole('button', { name: 'Contact support' }))
    await screen.findByText('No messages yet. Tell us what happened.')
    const [call] = server.callsTo('GET', '/support/thread')
    expect(call?.headers.get('authorization')).toMatch(/^tma /)
    expect(screen.getByTestId('support-context')).toHaveTextContent('USER_BLOCKED · 403')
  })
})

/**
 * Home's Support row carries the dashboard's count of unread replies (a user who never started the bot has no other
 * sign of them); opening the conversation marks them read, and home shows no badge on the way back.
 */
describe("home's unread badge", { timeout: 15_000 }, () => {
  function openHome(unread: number, language = 'en') {
    let supportUnread = unread
    const signed = signedIn()
    signed.server.on('GET', '/dashboard', () => json(dashboardFixture({ supportUnread })))
    const reply = message({ from: 'operator', text: 'Paid now.', state: null, via: 'console' })
    signed.server.on('GET', '/support/thread', () => json(thread([reply], 'waiting', supportUnread)))
    signed.server.on('POST', '/support/read', () => {
      supportUnread = 0
      return json({ ok: true })
    })
    // 8.0: a client with the native back button.
    const user = { ...ADA, language_code: language }
    const view = renderApp(buildLaunchUrl({ path: '/', user, version: '8.0' }).url)
    return { ...signed, ...view }
  }

  it('shows the count with its label at the row’s end; opening Support marks the replies read and clears it', async () => {
    const { server, user, telegram } = openHome(2)
    const row = await screen.findByTestId('dashboard-support')
    const badge = await within(row).findByTestId('dashboard-support-unread')
    expect(badge).toHaveTextContent('2')
    expect(within(badge).getByText('2 unread replies')).toHaveClass('visually-hidden')
    expect(row).toHaveAccessibleName(/Support.*2 unread replies/)

    await user.click(row)
    await bubbles()
    await waitFor(() => expect(server.callsTo('POST', '/support/read')).toHaveLength(1))
    telegram.emit('back_button_pressed')
    const home = await screen.findByTestId('dashboard-support')
    expect(within(home).queryByTestId('dashboard-support-unread')).not.toBeInTheDocument()
    // Home asked the server again rather than trusting the count it had.
    await waitFor(() => expect(server.callsTo('GET', '/dashboard').length).toBeGreaterThanOrEqual(2))
    expect(within(home).queryByTestId('dashboard-support-unread')).not.toBeInTheDocument()
  })

  it('in Persian: the label in Persian, the digits Latin (docs/web.md)', async () => {
    openHome(1, 'fa')
    const row = await screen.findByTestId('dashboard-support')
    const badge = await within(row).findByTestId('dashboard-support-unread')
    expect(badge).toHaveTextContent('1')
    expect(badge.textContent).not.toMatch(/[۰-۹]/)
    expect(within(badge).getByText('1 پاسخ خوانده‌نشده')).toHaveClass('visually-hidden')
  })

  it('shows none when every reply is read', async () => {
    openHome(0)
    const row = await screen.findByTestId('dashboard-support')
    await waitFor(() => expect(screen.getByTestId('dashboard-withdraw')).toHaveTextContent('12.50 USDT'))
    expect(within(row).queryByTestId('dashboard-support-unread')).not.toBeInTheDocument()
  })
})
