import type { NewsItem } from '@app/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, json } from '#test-helpers/fake-server.ts'
import { dashboardFixture } from '#test-helpers/fixtures.ts'
import { installIntersectionObserver } from '#test-helpers/intersection-observer.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'
import { renderApp } from '#test-helpers/render-app.tsx'
import { signedIn } from '#test-helpers/signed-in.ts'

let seq = 0
/** An item as GET /news answers it; each one a minute older than the one before. */
function newsItem(overrides: Partial<NewsItem> = {}): NewsItem {
  seq += 1
  return {
    uid: `5e1f0000-5f6d-4c1e-9a53-3f0c2d1e${String(seq).padStart(4, '0')}`,
    title: `Title ${seq}`,
    body: `Body ${seq}`,
    lng: 'en',
    publishedAt: 1_760_000_000 - seq * 60,
    ...overrides,
  }
}

const page = (items: NewsItem[], nextPage: string | null = null) => ({ items, nextPage, previousPage: null })

type Options = { pages?: NewsItem[][]; unseen?: number; language?: string; path?: string }

/**
 * A signed-in user, a server with these news pages (cursor = page index) and a dashboard whose unseen count
 * drops to what POST /news/seen leaves, as the real one does.
 */
function openApp({ pages = [[]], unseen = 0, language, path = '/news' }: Options = {}) {
  let unseenCount = unseen
  const signed = signedIn()
  signed.server.on('GET', '/dashboard', () => json(dashboardFixture({ unseenNews: unseenCount })))
  signed.server.on('GET', '/news', (call) => {
    const index = Number(call.query.get('cursor') ?? '0')
    return json(page(pages[index] ?? [], index + 1 < pages.length ? String(index + 1) : null))
  })
  signed.server.on('POST', '/news/seen', () => {
    unseenCount = 0
    return json({ unseenCount })
  })
  const user = language ? { ...ADA, language_code: language } : ADA
  // 8.0: a client with the native back button.
  const view = renderApp(buildLaunchUrl({ path, user, version: '8.0' }).url)
  return { ...signed, ...view }
}

describe('news screen', () => {
  it('lists news newest first with title, date and text, 24 a page in the app language', async () => {
    const first = newsItem({ title: 'Maintenance tonight', body: 'From 22:00.\nBack by midnight.' })
    const second = newsItem({ title: 'Rates updated' })
    const { server } = openApp({ pages: [[first, second]] })

    expect(await screen.findByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument()
    const items = await screen.findAllByTestId('news-item')
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Maintenance tonight',
      'Rates updated',
    ])
    const card = screen.getByRole('article', { name: 'Maintenance tonight' })
    // The app's one date format (MM/DD HH:mm, device time), left to right, Latin digits.
    const date = new Date(first.publishedAt * 1000)
    const two = (n: number) => String(n).padStart(2, '0')
    const shown = `${two(date.getMonth() + 1)}/${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`
    const time = within(card).getByText(shown)
    expect(time).toHaveAttribute('dir', 'ltr')
    expect(time.closest('time')).toHaveAttribute('datetime', date.toISOString())
    // The operator's line break is kept (white-space: pre-line) in one paragraph.
    expect(within(card).getByText(/From 22:00\.\s+Back by midnight\./)).toBeInTheDocument()

    const [call] = server.callsTo('GET', '/news')
    expect(call?.query.get('size')).toBe('24')
    expect(call?.query.get('lng')).toBe('en')
    expect(call?.query.has('cursor')).toBe(false)
  })

  it("says there's no news when there is none, and marks nothing", async () => {
    const { server } = openApp()
    expect(await screen.findByText("There's no news at the moment.")).toBeInTheDocument()
    expect(screen.getByTestId('news-empty')).toBeInTheDocument()
    expect(server.callsTo('POST', '/news/seen')).toHaveLength(0)
  })

  it('loads the next page by cursor when the end of the list scrolls into view', async () => {
    const viewport = installIntersectionObserver()
    const firstPage = Array.from({ length: 24 }, () => newsItem())
    const last = newsItem({ title: 'The oldest' })
    const { server } = openApp({ pages: [firstPage, [last]] })
    expect(await screen.findAllByTestId('news-item')).toHaveLength(24)
    expect(screen.queryByText('The oldest')).not.toBeInTheDocument()

    await waitFor(() => expect(viewport.observing()).toBe(true))
    act(() => viewport.scrollIntoView())

    expect(await screen.findByText('The oldest')).toBeInTheDocument()
    expect(screen.getAllByTestId('news-item')).toHaveLength(25)
    expect(server.callsTo('GET', '/news').map((c) => c.query.get('cursor'))).toEqual([null, '1'])
    act(() => viewport.scrollIntoView())
    expect(server.callsTo('GET', '/news')).toHaveLength(2)
  })

  it('shows an error with Try again when the list cannot be loaded', async () => {
    const { server, user } = openApp()
    let fail = true
    server.on('GET', '/news', () =>
      fail ? apiError(500, 'INTERNAL', 'boom') : json(page([newsItem({ title: 'Back online' })])),
    )
    expect(
      await screen.findByText('The news could not be loaded.', {}, { timeout: 4000 }),
    ).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Back online')).toBeInTheDocument()
  })

  it('speaks Persian right to left, and an item without Persian reads left to right in English', async () => {
    const persian = newsItem({ title: 'پرداخت تومانی فعال شد', body: 'متن خبر', lng: 'fa' })
    const english = newsItem({ title: 'English only', body: 'No Persian text.', lng: 'en' })
    const { server } = openApp({ pages: [[persian, english]], language: 'fa' })

    expect(await screen.findByRole('heading', { level: 1, name: 'اخبار' })).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    const fa = await screen.findByRole('article', { name: 'پرداخت تومانی فعال شد' })
    expect(fa).toHaveAttribute('dir', 'rtl')
    expect(fa).toHaveAttribute('lang', 'fa')
    const en = screen.getByRole('article', { name: 'English only' })
    expect(en).toHaveAttribute('dir', 'ltr')
    expect(en).toHaveAttribute('lang', 'en')
    expect(server.callsTo('GET', '/news')[0]?.query.get('lng')).toBe('fa')
  })

  it('says so in Persian when there is none', async () => {
    openApp({ language: 'fa' })
    expect(await screen.findByText('در حال حاضر خبری وجود ندارد.')).toBeInTheDocument()
  })
})

describe('unseen news', () => {
  it('home marks the News entry with the unseen count; opening News marks the new items and clears it', async () => {
    const items = [newsItem({ title: 'Newest' }), newsItem({ title: 'Newer' }), newsItem({ title: 'Old' })]
    const { server, user, telegram } = openApp({ pages: [items], unseen: 2, path: '/' })

    const entry = await screen.findByTestId('dashboard-news')
    const badge = await within(entry).findByTestId('dashboard-news-unseen')
    expect(badge).toHaveTextContent('2')
    expect(within(badge).getByText('2 new items')).toHaveClass('visually-hidden')

    await user.click(entry)
    await screen.findByText('Newest')
    // The two the dashboard counted are marked New; the older one is not.
    const isNew = (title: string) =>
      within(screen.getByRole('article', { name: title })).queryByTestId('news-new') !== null
    expect([isNew('Newest'), isNew('Newer'), isNew('Old')]).toEqual([true, true, false])
    expect(within(screen.getByRole('article', { name: 'Newest' })).getByText('New')).toBeInTheDocument()
    // Marked up to the newest item shown, with a POST (the list itself is a side-effect-free GET).
    await waitFor(() => expect(server.callsTo('POST', '/news/seen')).toHaveLength(1))
    expect(server.callsTo('POST', '/news/seen')[0]?.body).toEqual({ uid: items[0]?.uid })

    telegram.emit('back_button_pressed')
    const home = await screen.findByTestId('dashboard-news')
    expect(within(home).queryByTestId('dashboard-news-unseen')).not.toBeInTheDocument()
  })

  it('shows no badge when everything has been seen, and 99+ from the cap', async () => {
    openApp({ unseen: 0, path: '/' })
    const entry = await screen.findByTestId('dashboard-news')
    await waitFor(() => expect(screen.getByTestId('dashboard-withdraw')).toHaveTextContent('12.50 USDT'))
    expect(within(entry).queryByTestId('dashboard-news-unseen')).not.toBeInTheDocument()
    expect(entry).toHaveAttribute('href', '/news')
  })

  it('counts at most 99+', async () => {
    openApp({ unseen: 100, path: '/' })
    const badge = await screen.findByTestId('dashboard-news-unseen')
    expect(badge).toHaveTextContent('99+')
  })

  it('names the count in Persian', async () => {
    openApp({ unseen: 1, path: '/', language: 'fa' })
    const entry = await screen.findByTestId('dashboard-news')
    expect(entry).toHaveTextContent('اخبار')
    expect(await within(entry).findByText('1 خبر جدید')).toHaveClass('visually-hidden')
  })
})
