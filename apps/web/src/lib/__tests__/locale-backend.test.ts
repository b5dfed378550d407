import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { localeBackend, localePath } from '../locale-backend.ts'

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

function read(language: string, namespace: string) {
  return new Promise<{ error: unknown; retry: boolean | undefined; data: unknown }>((resolve) => {
    localeBackend.read(language, namespace, (error, data) =>
      resolve({ error, retry: typeof data === 'boolean' ? data : undefined, data }),
    )
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('locale backend', () => {
  it('reads /locales/{lng}/{ns}.json as JSON', async () => {
    const calls = stubFetch([json({ 'dashboard.title': 'Home' })])
    const { error, data } = await read('fa', 'dashboard')
    expect(error).toBeNull()
    expect(data).toEqual({ 'dashboard.title': 'Home' })
    expect(calls).toEqual([{ path: '/locales/fa/dashboard.json', accept: 'application/json' }])
    expect(localePath('en', 'a b')).toBe('/locales/en/a%20b.json')
  })

  it('marks 5xx and network failures retryable, 4xx not', async () => {
    stubFetch([json({}, 503), json({}, 404), new TypeError('Failed to fetch')])
    expect(await read('en', 'common')).toMatchObject({ retry: true })
    expect(await read('en', 'common')).toMatchObject({ retry: false })
    expect(await read('en', 'common')).toMatchObject({ retry: true })
  })

  it('with i18next: retries a 5xx with a doubling wait, gives up on a 4xx at once', async () => {
    const calls = stubFetch([json({}, 502), json({}, 500), json({ greeting: 'Salam' }), json({}, 404)])
    const instance = i18next.createInstance()
    instance.use(localeBackend)
    await instance.init({
      lng: 'fa',
      fallbackLng: false,
      ns: ['common'],
      defaultNS: 'common',
      maxRetries: 5,
      retryTimeout: 5,
    })
    expect(instance.t('greeting')).toBe('Salam')
    expect(calls.map((c) => c.path)).toEqual([
      '/locales/fa/common.json',
      '/locales/fa/common.json',
      '/locales/fa/common.json',
    ])
    await instance.loadNamespaces('accounts')
    expect(calls).toHaveLength(4)
    expect(instance.hasResourceBundle('fa', 'accounts')).toBe(false)
  })
})
