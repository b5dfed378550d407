import { type InitDataUser, telegramLaunchUrl } from '@app/contract/telegram-launch'
import { signInitData } from './sign-init-data.ts'
import { type SimulatedPlatform, type SimulatedTheme, themeParamsFor } from './theme-params.ts'

/** Telegram client version the simulator claims: new enough for popups, haptics, safe areas. */
export const SIMULATED_CLIENT_VERSION = '8.0'

export type SimulatedLaunch = {
  user: InitDataUser
  platform: SimulatedPlatform
  theme: SimulatedTheme
  /** The referral code the user "arrived by"; empty or absent launches without one. */
  startParam?: string | undefined
  path?: string
  /** The client's Mini Apps version (default SIMULATED_CLIENT_VERSION): an older one shows what it lacks. */
  version?: string
}

/**
 * A launch as a Telegram client of that platform makes it, init data signed with the bot token: the
 * simulator page's launch and the end-to-end tests' both come from here.
 */
export function simulatedLaunch(launch: SimulatedLaunch, botToken: string) {
  const startParam = launch.startParam || undefined
  const initData = signInitData(
    { user: launch.user, authDate: Math.floor(Date.now() / 1000), startParam },
    botToken,
  )
  const themeParams = themeParamsFor(launch.platform, launch.theme)
  const url = telegramLaunchUrl({
    initData,
    platform: launch.platform,
    version: launch.version ?? SIMULATED_CLIENT_VERSION,
    themeParams,
    startParam,
    ...(launch.path ? { path: launch.path } : {}),
  })
  return { url, themeParams }
}
