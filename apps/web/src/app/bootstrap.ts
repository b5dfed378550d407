import type { QueryClient } from '@tanstack/react-query'
import type { i18n as I18n, Resource } from 'i18next'
import { bindTokensToTelegramUser } from '../lib/auth-tokens.ts'
import { createI18n, languageFromTelegram } from '../lib/i18n.ts'
import { createQueryClient } from '../lib/query-client.ts'
import { initTelegramSdk } from '../lib/telegram/init-sdk.ts'
import { type LaunchParams, readLaunchParams } from '../lib/telegram/launch-params.ts'
import { applyPlatformClass } from '../lib/telegram/platform.ts'

export type AppContext = {
  launch: LaunchParams | null
  i18n: I18n
  queryClient: QueryClient
}

/**
 * Start-up, in order: launch parameters (before the router touches the URL), the Telegram bridge
 * (ready() as early as possible), the platform look, the token owner check, translations.
 * Tests pass bundled translations (`resources`) and a QueryClient without retries.
 */
export function bootstrap(options: { resources?: Resource; queryClient?: QueryClient } = {}): AppContext {
  const launch = readLaunchParams()
  if (launch) initTelegramSdk(launch)
  applyPlatformClass(launch?.platform)
  bindTokensToTelegramUser(launch?.user?.id ?? null)

  const i18n = createI18n(languageFromTelegram(launch?.user?.languageCode), options.resources)
  return { launch, i18n, queryClient: options.queryClient ?? createQueryClient() }
}
