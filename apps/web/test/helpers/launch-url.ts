import { composeInitData, type InitDataUser, telegramLaunchUrl } from '@app/contract/telegram-launch'

// The URL Telegram opens the mini-app with, made by the contract's builder like the simulator's and the
// end-to-end tests'; only the init data's hash is a placeholder (the server is faked at fetch).

export type TestUser = InitDataUser

export const ADA: TestUser = {
  id: 4242,
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  language_code: 'en',
}

export const THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  secondary_bg_color: '#efeff4',
}

export type LaunchOptions = {
  path?: string
  platform?: string
  version?: string
  user?: TestUser
  startParam?: string
  /** Put start_param inside the init data instead of the query string. */
  startParamInInitData?: boolean
}

function buildInitData(user: TestUser, startParam?: string): string {
  return composeInitData(
    {
      user,
      authDate: 1_700_000_000,
      queryId: 'AAHdF6IQAAAAAN0XohDhrOrc',
      signature: 'c2lnbmF0dXJl',
      startParam,
    },
    () => 'a'.repeat(64),
  )
}

export function buildLaunchUrl(options: LaunchOptions = {}): { url: string; initData: string } {
  const {
    path = '/',
    platform = 'ios',
    version = '6.0',
    user = ADA,
    startParam,
    startParamInInitData,
  } = options
  const initData = buildInitData(user, startParamInInitData ? startParam : undefined)
  const url = telegramLaunchUrl({
    path,
    initData,
    platform,
    version,
    themeParams: THEME,
    startParam: startParamInInitData ? undefined : startParam,
  })
  return { url, initData }
}
