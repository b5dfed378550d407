import { afterEach, describe, expect, it, vi } from 'vitest'
import { LocaleReadError, loadLocale, localePath, readLocale } from '#lib/locale-backend.ts'

type Answer = Response | Error

/** fetch answering in turn; records the paths and headers it was called with. */
function stubFetch(answers: Answer[]) {
  const calls: { path: string; accept: string | null }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push({ path: input, accept: new Headers(init?.headers).get('accept') })
      const answer = answers.shift()
      if (answer === undefined) throw new Error('no more answers')
      if (answer instanceof Error) throw answer
      return answer
    }),
  )
  return calls
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof LocaleReadError ? { retryable: error.retryable } : error),
  )

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('locale backend', () => {
  it('reads /locales/{lng}/{ns}.json as JSON', async () => {
    const calls = stubFetch([json({ 'dashboard.title': 'Home' })])
    expect(await readLocale('fa', 'dashboard')).toEqual({ 'dashboard.title': 'Home' })
    expect(calls).toEqual([{ path: '/locales/fa/dashboard.json', accept: 'application/json' }])
    expect(localePath('en', 'a b')).toBe('/locales/en/a%20b.json')
  })

  it('marks 5xx and network failures retryable, 4xx and a body that is no translation map not', async () => {
    stubFetch([json({}, 503), json({}, 404), new TypeError('Failed to fetch'), json(['a'])])
    expect(await failure(readLocale('en', 'common'))).toEqual({ retryable: true })
    expect(await failure(readLocale('en', 'common'))).toEqual({ retryable: false })
    expect(await failure(readLocale('en', 'common'))).toEqual({ retryable: true })
    expect(await failure(readLocale('en', 'common'))).toEqual({ retryable: false })
  })

  it('retries a 5xx with a doubling wait, gives up on a 4xx at once', async () => {
    vi.useFakeTimers()
    try {
      const calls = stubFetch([json({}, 502), json({}, 500), json({ greeting: 'Salam' }), json({}, 404)])
      const loading = loadLocale('fa', 'common', { maxRetries: 5, retryTimeout: 100 })
      await vi.advanceTimersByTimeAsync(99)
      expect(calls).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(calls).toHaveLength(2)
      // The second wait is twice the first.
      await vi.advanceTimersByTimeAsync(199)
      expect(calls).toHaveLength(2)
      await vi.advanceTimersByTimeAsync(1)
      expect(await loading).toEqual({ greeting: 'Salam' })
      expect(await loadLocale('fa', 'accounts', { maxRetries: 5, retryTimeout: 100 })).toBeNull()
      expect(calls.map((call) => call.path)).toEqual([
        '/locales/fa/common.json',
        '/locales/fa/common.json',
        '/locales/fa/common.json',
        '/locales/fa/accounts.json',
      ])
    } finally {
      vi.useRealTimers()
    }
  })

  it('gives up after maxRetries more attempts', async () => {
    const calls = stubFetch(Array.from({ length: 4 }, () => json({}, 500)))
    expect(await loadLocale('en', 'common', { maxRetries: 3, retryTimeout: 1 })).toBeNull()
    expect(calls).toHaveLength(4)
  })
})
