/** Builds the URL Telegram opens a Mini App with: launch parameters in the hash, start param in the query. */
export type TestUser = {
  id: number
  first_name: string
  last_name?: string
  username?: string
  language_code?: string
}

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

/** Init data as Telegram signs it; the hash value is fake, the server is mocked at fetch. */
export function buildInitData(user: TestUser, startParam?: string): string {
  const params = new URLSearchParams()
  params.set('query_id', 'AAHdF6IQAAAAAN0XohDhrOrc')
  params.set('user', JSON.stringify(user))
  params.set('auth_date', '1700000000')
  if (startParam) params.set('start_param', startParam)
  params.set('signature', 'c2lnbmF0dXJl')
  params.set('hash', 'a'.repeat(64))
  return params.toString()
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
  const hash = new URLSearchParams()
  hash.set('tgWebAppData', initData)
  hash.set('tgWebAppVersion', version)
  hash.set('tgWebAppPlatform', platform)
  hash.set('tgWebAppThemeParams', JSON.stringify(THEME))
  const query =
    startParam && !startParamInInitData ? `?tgWebAppStartParam=${encodeURIComponent(startParam)}` : ''
  return { url: `${path}${query}#${hash.toString()}`, initData }
}
