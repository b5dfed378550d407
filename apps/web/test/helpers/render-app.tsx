import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { App } from '#app/app.tsx'
import { bootstrap } from '#app/bootstrap.ts'
import { createQueryClient } from '#lib/query-client.ts'
import { testResources } from './locales.ts'

/**
 * Starts the real app the way Telegram does: the page is at `url` (launch parameters in the hash),
 * then the same bootstrap as main.tsx runs, with bundled translations and no query retries.
 */
export function renderApp(url: string, options: { navigationState?: unknown } = {}) {
  // React Router keeps navigation state under `usr` in history.state.
  const state =
    options.navigationState === undefined ? null : { usr: options.navigationState, key: 'test', idx: 0 }
  window.history.replaceState(state, '', url)
  const context = bootstrap({ resources: testResources, queryClient: createQueryClient({ retry: false }) })
  const user = userEvent.setup()
  const view = render(<App context={context} />)
  return { ...view, user, context }
}

/** As renderApp, but translations come from GET /locales like in the browser (serve them with the fake server). */
export function renderAppLoadingLocales(url: string) {
  window.history.replaceState(null, '', url)
  const context = bootstrap({ queryClient: createQueryClient({ retry: false }) })
  return { ...render(<App context={context} />), context }
}

/** Tokens as the app stores them after authorizing this Telegram user. */
export function storeTokensFor(
  telegramUserId: number,
  tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' },
) {
  localStorage.setItem('app.auth', JSON.stringify({ ...tokens, telegramUserId }))
}
