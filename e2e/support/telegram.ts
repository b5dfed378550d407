import { simulatedLaunch } from '../../apps/server/dev/simulator/simulated-launch.ts'
import type { SimulatedPlatform } from '../../apps/server/dev/simulator/theme-params.ts'

export type LaunchOptions = {
  user: { id: number; firstName: string; lastName?: string; languageCode?: string }
  platform: SimulatedPlatform
  theme?: 'light' | 'dark'
  startParam?: string
  path?: string
  /** The client's Mini Apps version: below 6.2 it has no native popups, so dialogs are the app's own (screenshots). */
  version?: string
}

/**
 * The URL Telegram opens and the theme its client answers with, made as the simulator makes them (signed
 * init data, the platform's palette).
 */
export function telegramLaunch(baseUrl: string, botToken: string, options: LaunchOptions) {
  const { user } = options
  const launch = simulatedLaunch(
    {
      user: {
        id: user.id,
        first_name: user.firstName,
        ...(user.lastName ? { last_name: user.lastName } : {}),
        language_code: user.languageCode ?? 'en',
      },
      platform: options.platform,
      theme: options.theme ?? 'light',
      startParam: options.startParam,
      ...(options.path ? { path: options.path } : {}),
      ...(options.version ? { version: options.version } : {}),
    },
    botToken,
  )
  return { url: `${baseUrl}${launch.url}`, themeParams: launch.themeParams }
}

/**
 * What the ios and android clients inject before the page loads: `window.TelegramWebviewProxy.postEvent`.
 * The fake records every event and answers requests (theme, viewport, safe areas) as a client would;
 * tests answer popups themselves through `window.Telegram.WebView.receiveEvent`.
 */
export function fakeTelegramClientScript(themeParams: Record<string, string>): string {
  return `(() => {
    window.__telegramEvents = []
    const answer = (type, data) => setTimeout(() => window.Telegram?.WebView?.receiveEvent?.(type, data), 0)
    const insets = { top: 0, bottom: 0, left: 0, right: 0 }
    window.TelegramWebviewProxy = {
      postEvent(type, json) {
        const data = json ? JSON.parse(json) : undefined
        window.__telegramEvents.push({ type, data })
        if (type === 'web_app_request_theme') answer('theme_changed', { theme_params: ${JSON.stringify(themeParams)} })
        if (type === 'web_app_request_viewport') answer('viewport_changed', { height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true })
        if (type === 'web_app_request_safe_area') answer('safe_area_changed', insets)
        if (type === 'web_app_request_content_safe_area') answer('content_safe_area_changed', insets)
      },
    }
  })()`
}

export type RecordedEvent = { type: string; data?: Record<string, unknown> }
