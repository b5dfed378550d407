import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { isApiError } from '#lib/api-error.ts'
import { useBackHandler } from '#lib/telegram/back-handlers.ts'
import { LoadError } from '../ui/load-error.tsx'
import { Spinner } from '../ui/spinner.tsx'
import { Page } from './page.tsx'

/**
 * The server answers 404 for a thing that does not exist or is someone else's, and 400 for a malformed id
 * (refused before the lookup): for the user both are the same missing page. Anything else (no answer,
 * 5xx, an answer that does not parse) may pass: it gets an error view with Try again.
 */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400)
}

type DetailScreenProps<T> = {
  query: UseQueryResult<T>
  /** Where the back button leads, whatever the load state. */
  back: string
  /** `<testId>-loading` on the spinner screen, `<testId>-error` on the error view. */
  testId: string
  /** The screen's title, shown above the error view (the loaded screen sets its own). */
  title?: string
  loadingLabel: string
  /** 'The invoice could not be loaded.' */
  loadFailed: string
  /** The app's 404 page (features cannot import it: the route passes it down). */
  notFound: ReactNode
  children: (data: T) => ReactNode
}

/**
 * The frame of a detail screen (account, invoice, transaction): back leads to `back`, and the one load rule
 * applies: a spinner while the first load runs, the 404 page when the thing is missing (400/404), an error
 * view with Try again for any other failure, and the screen itself once the data is there.
 */
export function DetailScreen<T>({
  query,
  back,
  testId,
  title,
  loadingLabel,
  loadFailed,
  notFound,
  children,
}: DetailScreenProps<T>) {
  const navigate = useNavigate()
  useBackHandler(() => void navigate(back))

  if (query.status === 'pending') {
    return (
      <main className="fullscreen-center" data-testid={`${testId}-loading`}>
        <Spinner label={loadingLabel} />
      </main>
    )
  }
  if (query.status === 'error') {
    if (isMissing(query.error)) return notFound
    return (
      <Page title={title} testId={`${testId}-error`}>
        <LoadError description={loadFailed} onRetry={() => void query.refetch()} />
      </Page>
    )
  }
  return children(query.data)
}
