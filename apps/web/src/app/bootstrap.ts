import type { QueryClient } from '@tanstack/react-query'
import { bindTokensToBrowser, bindTokensToTelegramUser } from '#lib/auth-tokens.ts'
import { createI18n, type I18n, languageFromTelegram, type Resource } from '#lib/i18n.ts'
import { createQueryClient } from '#lib/query-client.ts'
import { initTelegram } from '#lib/telegram/init-telegram.ts'
import { type LaunchParams, readLaunchParams } from '#lib/telegram/launch-params.ts'
import { applyPlatformClass } from '#lib/telegram/platform.ts'

export type AppContext = {
  launch: LaunchParams | null
  i18n: I18n
  queryClient: QueryClient
}

/**
 * Start-up, in order: launch parameters (before the router touches the URL), the Telegram bridge
 * (ready() as early as possible), the platform look, the token owner check (a Telegram user's, or the plain
 * browser's email session), translations.
 * Tests pass bundled translations (`resources`) and a QueryClient without retries.
 */
export function bootstrap(options: { resources?: Resource; queryClient?: QueryClient } = {}): AppContext {
  const launch = readLaunchParams()
  if (launch) initTelegram(launch)
  applyPlatformClass(launch?.platform)
  // Outside Telegram (no launch parameters) the app is a plain web app: email sign-in, the browser's language.
  if (launch) bindTokensToTelegramUser(launch.user?.id ?? null)
  else bindTokensToBrowser()

  const languageCode = launch ? launch.user?.languageCode : globalThis.navigator?.language
  const i18n = createI18n(languageFromTelegram(languageCode), options.resources)
  return { launch, i18n, queryClient: options.queryClient ?? createQueryClient() }
}
