import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { DetailScreen, isMissing } from '#components/layout/detail-screen.tsx'
import { ApiError } from '#lib/api-error.ts'
import { currentBackHandler } from '#lib/telegram/back-handlers.ts'
import { I18nProvider } from '#lib/use-translation.tsx'
import { createTestI18n } from '#test-helpers/i18n.ts'

type Thing = { name: string }

/** Answers the screen's query with what the test hands it, one call after another. */
function renderDetail(answers: Array<() => Promise<Thing>>) {
  const i18n = createTestI18n()
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  let calls = 0
  function Screen() {
    const query = useQuery({
      queryKey: ['thing'],
      queryFn: () => {
        const answer = answers[Math.min(calls, answers.length - 1)]
        calls += 1
        return answer ? answer() : Promise.reject(new Error('no answer'))
      },
    })
    return (
      <DetailScreen
        query={query}
        back="/things"
        testId="thing"
        title="Thing"
        loadingLabel="Loading"
        loadFailed="The thing could not be loaded."
        notFound={<p data-testid="not-found">404 Page not found!</p>}
      >
        {(thing) => <p data-testid="thing-detail">{thing.name}</p>}
      </DetailScreen>
    )
  }
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/things/1']}>
          <Routes>
            <Route path="/things/:id" element={<Screen />} />
            <Route path="/things" element={<p data-testid="thing-list" />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  )
  return { user: userEvent.setup(), calls: () => calls }
}

const never = () => new Promise<Thing>(() => {})
const failWith =
  (status: number, code = 'X') =>
  () =>
    Promise.reject(new ApiError(status, code, code))
const ada = () => Promise.resolve({ name: 'Ada' })

describe('DetailScreen: the detail screens’ one load rule', () => {
  it('shows a labelled spinner while the first load runs', async () => {
    renderDetail([never])
    expect(await screen.findByTestId('thing-loading')).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    expect(screen.queryByTestId('thing-detail')).not.toBeInTheDocument()
  })

  it('shows the screen once the data is there', async () => {
    renderDetail([ada])
    expect(await screen.findByTestId('thing-detail')).toHaveTextContent('Ada')
    expect(screen.queryByTestId('thing-loading')).not.toBeInTheDocument()
  })

  it.each([404, 400])('shows the 404 page when the server answers %i', async (status) => {
    renderDetail([failWith(status, 'NOT_FOUND')])
    expect(await screen.findByTestId('not-found')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })

  it.each([
    ['a 5xx', 503, 'SERVICE_UNAVAILABLE'],
    ['no answer at all', 0, 'NETWORK_ERROR'],
    ['an answer that does not parse', 200, 'INVALID_RESPONSE'],
    ['a 403', 403, 'FORBIDDEN'],
  ])('shows the error view with Try again for %s, and the retry loads', async (_, status, code) => {
    const { user, calls } = renderDetail([failWith(status, code), ada])
    const view = await screen.findByTestId('thing-error')
    expect(view).toHaveTextContent('Error')
    expect(view).toHaveTextContent('The thing could not be loaded.')
    expect(screen.getByRole('heading', { level: 1, name: 'Thing' })).toBeInTheDocument()
    expect(screen.queryByTestId('not-found')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('thing-detail')).toHaveTextContent('Ada')
    expect(calls()).toBe(2)
  })

  it.each([
    ['loading', [never], 'thing-loading'],
    ['missing', [failWith(404)], 'not-found'],
    ['failed', [failWith(503)], 'thing-error'],
    ['loaded', [ada], 'thing-detail'],
  ] as const)('back leads to the given path while %s', async (_, answers, shown) => {
    renderDetail([...answers])
    await screen.findByTestId(shown)
    act(() => currentBackHandler()?.())
    expect(await screen.findByTestId('thing-list')).toBeInTheDocument()
  })

  it('counts only 400 and 404 answers as missing', () => {
    expect(isMissing(new ApiError(404, 'NOT_FOUND', ''))).toBe(true)
    expect(isMissing(new ApiError(400, 'VALIDATION_ERROR', ''))).toBe(true)
    expect(isMissing(new ApiError(401, 'UNAUTHORIZED', ''))).toBe(false)
    expect(isMissing(new ApiError(500, 'INTERNAL', ''))).toBe(false)
    expect(isMissing(new Error('boom'))).toBe(false)
  })
})
