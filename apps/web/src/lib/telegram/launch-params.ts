/**
 * Launch parameters exactly as Telegram passes them: in the URL hash (tgWebAppData, tgWebAppPlatform,
 * tgWebAppVersion, tgWebAppThemeParams) and the start parameter in the query (tgWebAppStartParam).
 * Read by hand, leniently, so that a missing optional field never hides the platform
 * from the gate, and so that the raw init data string is kept byte for byte.
 */

export type TelegramUser = {
  id: number
  firstName: string
  lastName: string
  username: string | null
  languageCode: string | null
}

export type LaunchParams = {
  platform: string
  version: string | null
  themeParams: Record<string, string>
  /** The init data query string, untouched: the server checks its HMAC over these exact bytes. */
  rawInitData: string | null
  user: TelegramUser | null
  startParam: string | null
  isBotInline: boolean
}

/** The URL loses the hash once the router navigates; a reload must still find the parameters. */
const STORAGE_KEY = 'app.launchParams'

function hasLaunchParams(params: URLSearchParams): boolean {
  return params.has('tgWebAppPlatform') || params.has('tgWebAppData')
}

function collectFromUrl(url: URL): URLSearchParams {
  const params = new URLSearchParams(url.hash.replace(/^#/, ''))
  for (const [key, value] of new URLSearchParams(url.search)) {
    if (key.startsWith('tgWebApp') && !params.has(key)) params.set(key, value)
  }
  return params
}

function readStored(storage: Storage | undefined): URLSearchParams | null {
  try {
    const raw = storage?.getItem(STORAGE_KEY)
    return raw ? new URLSearchParams(raw) : null
  } catch {
    return null
  }
}

function store(storage: Storage | undefined, params: URLSearchParams): void {
  try {
    storage?.setItem(STORAGE_KEY, params.toString())
  } catch {
    // Private mode or a full quota: a reload will then show the gate, nothing worse.
  }
}

function parseJsonObject(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

function parseUser(rawInitData: string | null): TelegramUser | null {
  const user = parseJsonObject(rawInitData ? new URLSearchParams(rawInitData).get('user') : null)
  if (!user || typeof user.id !== 'number') return null
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null)
  return {
    id: user.id,
    firstName: text(user.first_name) ?? '',
    lastName: text(user.last_name) ?? '',
    username: text(user.username),
    languageCode: text(user.language_code),
  }
}

function parseThemeParams(raw: string | null): Record<string, string> {
  const theme = parseJsonObject(raw) ?? {}
  return Object.fromEntries(
    Object.entries(theme).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
}

/** Returns null when the page was not opened by Telegram at all. */
export function readLaunchParams(
  href: string = window.location.href,
  storage: Storage | undefined = globalThis.sessionStorage,
): LaunchParams | null {
  let params = collectFromUrl(new URL(href))
  if (hasLaunchParams(params)) store(storage, params)
  else params = readStored(storage) ?? params
  if (!hasLaunchParams(params)) return null

  const rawInitData = params.get('tgWebAppData')
  const startParam =
    params.get('tgWebAppStartParam') ??
    (rawInitData ? new URLSearchParams(rawInitData).get('start_param') : null)
  return {
    platform: params.get('tgWebAppPlatform') ?? 'unknown',
    version: params.get('tgWebAppVersion'),
    themeParams: parseThemeParams(params.get('tgWebAppThemeParams')),
    rawInitData,
    user: parseUser(rawInitData),
    startParam: startParam || null,
    isBotInline: params.get('tgWebAppBotInline') === '1',
  }
}
